export * from './domain-delete.machine';
