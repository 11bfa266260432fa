// `npm start`: build the console if needed, then run the server (console, API and WebSocket on one port).
// Whichever process gets the stop signal — this one, the server, npm, or the whole group — the server stops
// once, gracefully, and nothing is left running.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

// The console it serves is built here; a server pointed at another STATIC_DIR serves that one as it is.
if (resolve(process.env.STATIC_DIR || 'dist') === resolve('dist')) buildIfNeeded();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  // The server treats repeated signals as one request to stop (a group signal reaches it directly too).
  server.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
// npm, stopped on its own, ends without telling this process: once it is gone (this process is handed to
// another parent), stop the server rather than leave it running with nobody to stop it.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid !== parent) stop();
}, 250);
server.on('exit', (code, signal) => {
  clearInterval(orphaned);
  process.exit(code ?? (signal ? 1 : 0));
});
