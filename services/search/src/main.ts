import { startService } from '@story/service-kit';
import { searchService } from './app.ts';

await startService(searchService);
