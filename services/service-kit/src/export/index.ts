export * from './export-source.ts';
export * from './export-responder.ts';
export * from './export-collector.ts';
export * from './zip-stream.ts';
export * from './transcript-markdown.ts';
