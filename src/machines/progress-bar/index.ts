export * from './progress-bar.machine';
