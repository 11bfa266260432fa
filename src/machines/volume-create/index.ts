export * from './volume-create.machine';
