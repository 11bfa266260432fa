// Builds the embedded DNS server's batched UDP module (server/dns/native/udp-batch.c) when this machine
// can: Linux, a C compiler, and Node's headers (node_api.h, uv.h). Run by `npm ci` (prepare). Without
// it the server answers UDP through node:dgram instead, correctly but slower, and says so in its log.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'server/dns/native/udp-batch.c');
const target = join(root, 'server/dns/native/build/udp_batch.node');

const headerDirs = [
  process.env.npm_config_nodedir && join(process.env.npm_config_nodedir, 'include/node'),
  join(dirname(process.execPath), '..', 'include/node'),
  '/usr/include/node',
  '/usr/local/include/node',
].filter(Boolean);
const headers = headerDirs.find(
  (dir) => existsSync(join(dir, 'node_api.h')) && existsSync(join(dir, 'uv.h')),
);
const compiler = ['cc', 'gcc', 'clang'].find(
  (name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0,
);

function skip(why) {
  console.log(`DNS: batched UDP module not built (${why}); the embedded DNS server uses node:dgram.`);
  process.exit(0);
}

if (process.platform !== 'linux') skip('recvmmsg and sendmmsg are Linux calls');
if (!compiler) skip('no C compiler: sudo apt-get install -y gcc libc6-dev');
if (!headers) skip("Node's headers (node_api.h, uv.h) were not found");
if (existsSync(target) && statSync(target).mtimeMs > statSync(source).mtimeMs) process.exit(0);
mkdirSync(dirname(target), { recursive: true });
const result = spawnSync(
  compiler,
  ['-O2', '-Wall', '-shared', '-fPIC', `-I${headers}`, '-o', target, source],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
if (result.status !== 0) skip(`${compiler} failed`);
