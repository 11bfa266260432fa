export * from './compute-rebuild.machine';
