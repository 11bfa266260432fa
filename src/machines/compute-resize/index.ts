export * from './compute-resize.machine';
