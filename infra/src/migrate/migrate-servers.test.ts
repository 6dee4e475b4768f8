import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropMongoDatabase, findQdrant, tempDataDir, withMongo } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationSnapshot } from './installation-snapshot.ts';
import { countsMatch, migrate } from './migrate.ts';
import { SERVICE_MIGRATIONS, type MigrationSide } from './migration-units.ts';
import { seedInstallation } from '@story/testing/seeded-installation';

// `make migrate-to-mongo` against a real MongoDB and Qdrant (MONGODB_URL and QDRANT_URL, else
// containers when a runtime is present, as the other contract suites find them); says so and skips
// otherwise. With a MongoDB and no Qdrant, the vectors go to an embedded store and it says so. Each
// run writes into databases and a collection of its own, dropped afterwards.

const qdrant = await findQdrant();
if ('url' in qdrant) afterAll(async () => qdrant.stop());
else process.stdout.write(`\n[migrate-to-mongo] the Qdrant part SKIPPED (vectors copied into an embedded store instead): ${qdrant.skipped}\n\n`);

await withMongo('migrate-to-mongo', (mongoUrl) => {
  describe('migrate-to-mongo into MongoDB and Qdrant', () => {
    const databasePrefix = `migrate_${randomUUID().slice(0, 8)}_`;
    let root: string;
    let people: number[];
    let source: MigrationSide;
    let target: MigrationSide;
    let checkpointFile: string;

    beforeAll(async () => {
      root = tempDataDir('migrate-servers-');
      const dataDir = join(root, 'source');
      mkdirSync(dataDir);
      people = await seedInstallation(dataDir, { people: 4, messagesPerPerson: 9 });
      source = { documents: { kind: 'sqlite', dataDir }, vectors: { kind: 'embedded', dataDir } };
      target = {
        documents: { kind: 'mongodb', url: mongoUrl, databasePrefix },
        vectors:
          'url' in qdrant ? { kind: 'qdrant', url: qdrant.url, collection: `${databasePrefix}stories` } : { kind: 'embedded', dataDir: join(root, 'vectors') },
      };
      checkpointFile = join(root, 'checkpoint.json');
    });
    afterAll(async () => {
      for (const migration of SERVICE_MIGRATIONS) await dropMongoDatabase(mongoUrl, `${databasePrefix}${migration.service}`);
      if (target.vectors.kind === 'qdrant') await fetch(new URL(`/collections/${target.vectors.collection}`, target.vectors.url), { method: 'DELETE' });
      rmSync(root, { recursive: true, force: true });
    });

    it('copies everything, reads the same through the MongoDB repositories and Qdrant, and copies nothing a second time', async () => {
      const run = (extra: { failAfterRows?: number } = {}) => migrate({ source, target, targetLabel: databasePrefix, checkpointFile, pageSize: 5, ...extra });
      await expect(run({ failAfterRows: 30 })).rejects.toThrow(/interrupted on purpose/);
      const reports = await run();
      expect(countsMatch(reports)).toBe(true);
      expect(reports.some((report) => report.resumedAfter !== undefined)).toBe(true);
      expect(await installationSnapshot(target, people)).toEqual(await installationSnapshot(source, people));
      const again = await run();
      expect(again.reduce((sum, report) => sum + report.copied, 0)).toBe(0);
      expect(countsMatch(again)).toBe(true);
    });
  });
});
