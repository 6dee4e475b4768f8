import { startService } from '@story/service-kit';
import { jobsService } from './app.ts';

await startService(jobsService);
