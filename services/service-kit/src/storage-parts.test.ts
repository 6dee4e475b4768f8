import { randomUUID } from 'node:crypto';
import { LEASES_TABLE_SQL, MongoLeaseStore, SqliteLeaseStore } from './leases.ts';
import { connectMongo } from './mongo.ts';
import { MongoOutbox } from './mongo-outbox.ts';
import { openSqlite } from './sqlite.ts';
import { OUTBOX_TABLE_SQL, SqliteOutbox } from './sqlite-outbox.ts';
import { storagePartsContract } from './storage-parts.contract.ts';
import { withMongo } from '@story/testing/service-under-test';

storagePartsContract('SQLite', async () => {
  const db = openSqlite(':memory:', [OUTBOX_TABLE_SQL + LEASES_TABLE_SQL]);
  const outbox = new SqliteOutbox(db);
  return {
    outbox,
    leases: new SqliteLeaseStore(db),
    writeEvent: async (event) => db.transaction(() => outbox.write(event))(),
    cleanup: async () => {
      db.close();
    },
  };
});

await withMongo('service-kit', (url) =>
  storagePartsContract('MongoDB', async () => {
    const connection = await connectMongo(url, `kit_contract_${randomUUID().slice(0, 8)}`);
    const outbox = new MongoOutbox(connection);
    const leases = new MongoLeaseStore(connection);
    await outbox.init();
    await leases.init();
    return {
      outbox,
      leases,
      writeEvent: async (event) => connection.transaction((session) => outbox.write(event, session)),
      cleanup: async () => {
        await connection.dropDatabase();
        await connection.close();
      },
    };
  }),
);
