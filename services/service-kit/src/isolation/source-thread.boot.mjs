// Loads a worker thread's TypeScript task module under tsx (processes that run from source: tests,
// STORY_RUN_FROM_SOURCE). Bundled processes start the task's own bundle instead (thread-script.ts).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.sourceModule, import.meta.url);
