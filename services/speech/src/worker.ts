import { startService } from '@story/service-kit';
import { speechWorkerService } from './worker/worker-app.ts';

await startService(speechWorkerService);
