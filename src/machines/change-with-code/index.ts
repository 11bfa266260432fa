export * from './change-with-code.machine';
