// `npm start`: build the console if needed, then run the server (console, API and WebSocket on one port).
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
// Ctrl-C already reaches the server (same process group); anything else is passed on as a graceful stop.
// The server treats both as one request to stop.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill('SIGTERM'));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
