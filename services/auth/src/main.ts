import { startService } from '@story/service-kit';
import { authService } from './app.ts';

await startService(authService);
