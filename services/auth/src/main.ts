import { connectNats, loadConfig, runService } from '@story/service-kit';
import { buildAuthApp, SERVICE_NAME } from './app.ts';
import { authEnvSchema } from './config.ts';
import { openUserRepository } from './repositories/user-repository.factory.ts';

const config = loadConfig(SERVICE_NAME, authEnvSchema);
const repository = await openUserRepository(config);
const nc = await connectNats(config.NATS_URL, SERVICE_NAME);
const app = await buildAuthApp(config, { repository, nc });
app.log.info({ storage: repository.kind, google: config.GOOGLE_CLIENT_ID !== undefined }, 'auth service configured');

await runService(app, {
  host: config.HOST,
  port: config.PORT,
  cleanup: async () => {
    await nc.drain();
    await repository.close();
  },
});
