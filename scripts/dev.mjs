// `npm run dev`: Vite with hot reload for the console, and the server restarting on change behind it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
console.log(
  `Open the console at http://localhost:${process.env.PORT ?? '5173'} (hot reload); the server behind it listens on ${apiPort}.\n`,
);
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '5173', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
