import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, exportedAccountSchema, exportedSessionsSchema } from '@story/proto';
import { HttpError, exportPage, type ExportPart, type NatsLink } from '@story/service-kit';
import { newUser } from '@story/testing/fixtures/accounts';
import { failureOf } from '@story/testing/service-under-test';
import { at } from '../accounts/user.repository.contract.ts';
import { openSqliteAuthStorage, type AuthStorage } from '../storage/auth-storage.ts';
import { UserTypeSettingsService } from '../user-type-settings/user-type-settings.service.ts';
import { AuthExportSource } from './auth-export.source.ts';
import { DataExportService } from './data-export.service.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');

/** The ZIP `run` writes, read to its end; rejects when the stream is aborted. */
function collected(out: PassThrough): Promise<Buffer> {
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    out.on('data', (data: Buffer) => parts.push(data));
    out.on('end', () => resolve(Buffer.concat(parts)));
    out.on('error', reject);
  });
}

describe('DataExportService with auth’s part (SQLite)', () => {
  let storage: AuthStorage;
  let userId: number;
  let source: AuthExportSource;
  const authPart = (id: number): ExportPart => ({ service: 'auth', page: (cursor) => exportPage(source, 'auth', id, cursor) });
  const service = (parts: (id: number) => ExportPart[]) => new DataExportService({ leases: storage.leases, nats: {} as NatsLink, clock: () => NOW, parts });

  beforeEach(async () => {
    storage = openSqliteAuthStorage(':memory:');
    const user = await storage.users.createUser(newUser(), at('2026-01-01T10:00:00.000Z'));
    userId = user.id;
    await storage.sessions.createSession({ id: randomUUID(), userId, createdAt: at('2026-11-01T10:00:00.000Z'), expiresAt: at('2026-12-01T10:00:00.000Z') });
    source = new AuthExportSource({
      users: storage.users,
      sessions: storage.sessions,
      settings: new UserTypeSettingsService(storage.settings, storage.users, () => NOW),
      planRequests: storage.planRequests,
    });
  });
  afterEach(async () => storage.close());

  it('writes the README and the account without its password hash, its plan and its sessions', async () => {
    const out = new PassThrough();
    const zip = collected(out);
    await (await service((id) => [authPart(id)]).start(userId)).write(out);
    const files = unzipSync(new Uint8Array(await zip));
    expect(Object.keys(files)).toEqual(['README.md', 'auth/account.json', 'auth/sessions.json']);
    const account = exportedAccountSchema.parse(JSON.parse(strFromU8(files['auth/account.json']!)));
    expect(account).toMatchObject({ account: { id: userId, email: 'Ada.Lovelace@Gmail.com', userType: 'standard' }, plan: { userType: 'standard' } });
    expect(account.planRequests).toEqual([]);
    expect(strFromU8(files['auth/account.json']!)).not.toContain('argon2');
    expect(exportedSessionsSchema.parse(JSON.parse(strFromU8(files['auth/sessions.json']!))).sessions).toEqual([
      { createdAt: '2026-11-01T10:00:00.000Z', expiresAt: '2026-12-01T10:00:00.000Z', revokedAt: null },
    ]);
  });

  it('runs one export per person at a time, across instances sharing the store (409), and lets the next run once it ended', async () => {
    const first = await service((id) => [authPart(id)]).start(userId);
    const elsewhere = service((id) => [authPart(id)]);
    expect(await failureOf(elsewhere.start(userId))).toMatchObject({ status: 409, message: EXPORT_MESSAGES.alreadyRunning });
    // Another person's export is not held up.
    const other = await storage.users.createUser(newUser({ email: 'bob@gmail.com' }), NOW);
    await (await elsewhere.start(other.id)).write(new PassThrough().resume());
    await first.write(new PassThrough().resume());
    await (await elsewhere.start(userId)).write(new PassThrough().resume());
  });

  it('aborts the stream when a part fails, and releases the lease', async () => {
    const failing: ExportPart = {
      service: 'search',
      page: async () => {
        throw new HttpError(503, EXPORT_MESSAGES.partFailed('search'));
      },
    };
    const exports = service((id) => [authPart(id), failing]);
    const out = new PassThrough();
    const zip = collected(out);
    const run = (await exports.start(userId)).write(out).catch((error: unknown) => {
      out.destroy(error as Error);
      throw error;
    });
    await expect(run).rejects.toThrow(EXPORT_MESSAGES.partFailed('search'));
    await expect(zip).rejects.toThrow();
    await expect(exports.start(userId)).resolves.toBeDefined();
  });

  it('releases the lease when the reader goes away', async () => {
    const exports = service((id) => [authPart(id)]);
    const out = new PassThrough({ highWaterMark: 16 });
    const run = (await exports.start(userId)).write(out);
    out.destroy();
    await expect(run).rejects.toThrow(/went away/);
    await expect(exports.start(userId)).resolves.toBeDefined();
  });
});
