export * from './compute-power.machine';
