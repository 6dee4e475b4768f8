export * from './common.ts';
export * from './accounts.ts';
export * from './threads.ts';
export * from './conversation.ts';
export * from './uploads.ts';
export * from './admin.ts';
export * from './jobs.ts';
export * from './search.ts';
