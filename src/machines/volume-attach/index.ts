export * from './volume-attach.machine';
