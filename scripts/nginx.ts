// Debian's nginx in front of servers on loopback, as the README's deployment guide sets it up (tests and bench).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  child: ChildProcess;
  url: string;
  /** Ends the master and its workers (a killed master would leave its workers holding the port). */
  stop(): Promise<void>;
}

/** nginx on 127.0.0.1:`listen` spreading requests over the servers on `upstreams` (ports on 127.0.0.1). */
export function startNginx(listen: number, upstreams: number[]): Nginx {
  const prefix = mkdtempSync(join(tmpdir(), 'ikirere-nginx-'));
  // nginx's workers run as an unprivileged user when started by root: they must be able to write here.
  chmodSync(prefix, 0o777);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(prefix, sub));
    chmodSync(join(prefix, sub), 0o777);
  }
  writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(prefix, listen, upstreams));
  const child = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  return {
    child,
    url: `http://127.0.0.1:${listen}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** The README's deployment example, on loopback ports and a private prefix. */
export function nginxConfig(prefix: string, listen: number, upstreams: number[]): string {
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream ikirere {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 25m;
    location / {
      proxy_pass http://ikirere;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}
