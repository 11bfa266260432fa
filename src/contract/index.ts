// The API contract shared by the console and the server: every request, response and socket message.
export * from './account';
export * from './app-config';
export * from './auth';
export * from './computes';
export * from './console';
export * from './health';
export * from './problem';
export * from './socket';
export * from './socket-ticket';
export * from './teams';
