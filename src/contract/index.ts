// The API contract shared by the console and the server: every request, response and socket message.
export * from './app-config';
export * from './health';
export * from './problem';
export * from './socket';
