import { startService } from '@story/service-kit';
import { profileService } from './app.ts';

await startService(profileService);
