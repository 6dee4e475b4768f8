import { startService } from '@story/service-kit';
import { speechService } from './app.ts';

await startService(speechService);
