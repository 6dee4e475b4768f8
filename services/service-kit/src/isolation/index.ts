export * from './isolated-pool.ts';
export * from './isolated-task.ts';
export * from './thread-script.ts';
