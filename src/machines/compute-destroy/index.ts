export * from './compute-destroy.machine';
