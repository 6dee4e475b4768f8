export * from './sentence-encoder.ts';
