export * from './sentence-encoder.ts';
export * from './meaning-reader.ts';
