// The reference static server: Debian's nginx serving the same built files (installed when missing, as
// scripts/system-deps.sh installs the test packages), or the plainest Node static server where nginx
// cannot be had. One nginx worker: the site server is one Node process too.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '../../scripts/lib/stack.mjs';
import { startProcess } from './proc.mjs';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** nginx's path, installing Debian's package when missing and allowed (root with apt-get); null otherwise. */
export function ensureNginx(log) {
  if (has('nginx')) return 'nginx';
  if (process.getuid?.() !== 0 || !has('apt-get')) return null;
  log('bench: installing nginx (Debian package) for the static-file reference');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], { stdio: 'ignore', env });
  } catch {
    return null;
  }
  return has('nginx') ? 'nginx' : null;
}

export function nginxConfig({ dir, root, port }) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { text/html html; text/css css; application/javascript js; }
  default_type application/octet-stream;
  gzip_static on;
  etag on;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
}

/** Starts nginx on `port` serving `root`; returns { child, name }. */
export async function startNginx({ root, port, logDir }) {
  const dir = join(logDir, 'nginx');
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ dir, root, port }));
  const child = startProcess('nginx', 'nginx', ['-p', dir, '-e', join(dir, 'error.log'), '-c', config], {
    cwd: dir,
    env: process.env,
    logFile: join(dir, 'output.log'),
  });
  await waitFor(`http://127.0.0.1:${port}/`, 'nginx', { child, timeoutMs: 15_000 });
  return { child, name: 'nginx (1 worker)' };
}

/** The plainest Node static server: reads the file on every request, sends the .gz variant when accepted. */
export async function startPlainNode({ root, port, logDir }) {
  const child = startProcess('plain static', process.execPath, [new URL('./plain-static.mjs', import.meta.url).pathname, root, String(port)], {
    cwd: logDir,
    env: process.env,
    logFile: join(logDir, 'plain-static.log'),
  });
  await waitFor(`http://127.0.0.1:${port}/`, 'plain static server', { child, timeoutMs: 15_000 });
  return { child, name: 'plain Node static server' };
}
