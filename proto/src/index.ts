export * from './validation.ts';
export * from './ids.ts';
export * from './api.ts';
export * from './subjects.ts';
export * from './identity.ts';
export * from './routes.ts';
export * from './messages/index.ts';
export * from './graphql-types.ts';
