import { startService } from '@story/service-kit';
import { conversationsService } from './app.ts';

await startService(conversationsService);
