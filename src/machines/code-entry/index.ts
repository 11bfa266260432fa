export * from './code-entry.machine';
