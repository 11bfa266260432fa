export * from './api-token-create.machine';
