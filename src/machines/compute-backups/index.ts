export * from './compute-backups.machine';
