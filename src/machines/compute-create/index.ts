export * from './compute-create.machine';
