export * from './tooltip.machine';
