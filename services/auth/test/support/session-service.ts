import { generateSigningKeyPair, importPrivateKey, importPublicKey } from '@story/service-kit';
import { SessionService, type SessionServiceOptions } from '../../src/sessions/session.service.ts';
import type { AuthStorage } from '../../src/storage/auth-storage.ts';

/**
 * A SessionService over `storage` that signs with a key pair of its own (another one's cookies are
 * not its), publishing nothing unless given `publish`.
 */
export async function sessionServiceOver(
  storage: AuthStorage,
  options: Pick<SessionServiceOptions, 'absoluteLifetimeSeconds' | 'clock'> & { publish?: SessionServiceOptions['publish'] },
): Promise<SessionService> {
  const keys = generateSigningKeyPair();
  return new SessionService({
    sessions: storage.sessions,
    users: storage.users,
    privateKey: await importPrivateKey(keys.privateKey),
    publicKey: await importPublicKey(keys.publicKey),
    publish: options.publish ?? (() => undefined),
    absoluteLifetimeSeconds: options.absoluteLifetimeSeconds,
    clock: options.clock,
  });
}
