export * from './socket.actors';
export * from './socket.machine';
