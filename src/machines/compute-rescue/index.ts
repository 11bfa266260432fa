export * from './compute-rescue.machine';
