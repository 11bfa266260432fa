export * from './zone-import.machine';
