import { startService } from '@story/service-kit';
import { feedbackService } from './app.ts';

await startService(feedbackService);
