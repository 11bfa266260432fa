export * from './top-up-return.machine';
