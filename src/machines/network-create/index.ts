export * from './network-create.machine';
