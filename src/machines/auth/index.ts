export * from './auth.actors';
export * from './auth.machine';
