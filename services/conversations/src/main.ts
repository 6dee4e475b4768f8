import { loadConfig, runService } from '@story/service-kit';
import { buildConversationsApp } from './app.ts';
import { conversationsEnvSchema, SERVICE_NAME } from './config.ts';

const config = loadConfig(SERVICE_NAME, conversationsEnvSchema);
const app = await buildConversationsApp(config);
await runService(app, { host: config.HOST, port: config.PORT });
