// deploy/nginx.conf under Debian's nginx, for tests: the real file with only its upstream addresses pointed at
// loopback processes, its listen ports moved to free loopback ports, and what a run outside a container needs (no
// `user`, pid file, logs and temp dirs in a folder of the test's own). Everything else (locations, buffering,
// headers, timeouts) is the file as deployed.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { timed } from './timings';

export const NGINX_BIN = '/usr/sbin/nginx';
export const DEPLOY_NGINX_CONF = path.resolve(__dirname, '..', '..', '..', 'deploy', 'nginx.conf');

export interface LoopbackNginxOptions {
  /** Folder for the pid file, logs and temp files. */
  dir: string;
  /** Each port the file listens on → the loopback port to listen on instead. */
  listen: Record<string, number>;
  /** Each upstream address the file names (`cms:1337`) → the loopback addresses that serve it. */
  upstreams: Record<string, string[]>;
}

const TEMP_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

/** A group name for an address the file proxies to directly (`cms:1337` → `loopback_cms_1337`). */
const groupName = (address: string) => `loopback_${address.replace(/\W/g, '_')}`;

/**
 * The file rewritten for a loopback run. Upstream addresses are rewritten wherever they appear: `server` lines of an
 * `upstream` block get one line per loopback address (same parameters); a direct `http://host:port` (in `proxy_pass`
 * or `set`) becomes `http://<group>`, an upstream group of its loopback addresses, so nginx balances and fails over
 * between them. Read line by line: one directive per line, as the file is written. An address or listen port the options do not cover is an error, never left pointing away.
 */
export function loopbackNginxConf(conf: string, { dir, listen, upstreams }: LoopbackNginxOptions): string {
  const used = new Set<string>();
  const loopback = (address: string): string[] => {
    const targets = upstreams[address];
    if (!targets?.length) throw new Error(`deploy/nginx.conf proxies to ${address}, which the test setup does not serve`);
    used.add(address);
    return targets;
  };
  let inUpstream = false;
  const lines = conf.split('\n').flatMap((line) => {
    const code = line.replace(/#.*/, '');
    const indent = line.match(/^\s*/)![0];
    if (/^\s*upstream\s+\S+\s*\{/.test(code)) inUpstream = true;
    else if (inUpstream && /^\s*\}/.test(code)) inUpstream = false;
    if (/^\s*user\s/.test(code)) return [];
    if (/^\s*pid\s/.test(code)) return [`${indent}pid ${dir}/nginx.pid;`];
    const errorLog = code.match(/^\s*error_log\s+\S+([^;]*);/);
    if (errorLog) return [`${indent}error_log ${dir}/error.log${errorLog[1]};`];
    if (/^\s*access_log\s/.test(code)) return [`${indent}access_log ${dir}/access.log;`];
    const listenLine = code.match(/^\s*listen\s+(?:[^\s;]*:)?(\d+)\b([^;]*);/);
    if (listenLine) {
      const port = listen[listenLine[1]];
      if (!port) throw new Error(`deploy/nginx.conf listens on ${listenLine[1]}, which the test setup does not map`);
      return [`${indent}listen 127.0.0.1:${port}${listenLine[2]};`];
    }
    const serverLine = inUpstream && code.match(/^\s*server\s+([^\s;]+)([^;]*);/);
    if (serverLine) return loopback(serverLine[1]).map((target) => `${indent}server ${target}${serverLine[2]};`);
    if (/^\s*http\s*\{/.test(code)) return [line, ...TEMP_PATHS.map((name) => `${indent}  ${name}_temp_path ${dir}/${name}_temp;`)];
    return [line.replace(/http:\/\/([\w.-]+:\d+)/g, (_all, address: string) => `http://${groupName(address)}`)];
  });
  const direct = [...conf.matchAll(/^[^#\n]*http:\/\/([\w.-]+:\d+)/gm)].map((match) => match[1]);
  const groups = [...new Set(direct)].map((address) =>
    [`  upstream ${groupName(address)} {`, ...loopback(address).map((target) => `    server ${target};`), '  }'].join('\n'),
  );
  const httpAt = lines.findIndex((line) => /^\s*http\s*\{/.test(line));
  if (httpAt < 0) throw new Error('deploy/nginx.conf has no http block');
  lines.splice(httpAt + 1 + TEMP_PATHS.length, 0, ...groups);
  const unused = Object.keys(upstreams).filter((address) => !used.has(address));
  if (unused.length) throw new Error(`deploy/nginx.conf no longer proxies to ${unused.join(', ')}`);
  return lines.join('\n');
}

export interface TestNginx {
  /** http://127.0.0.1:<port> of each listen port of the file, by its port in the file ('80', '8081'). */
  urls: Record<string, string>;
  /** Connections nginx holds open to `port` on loopback right now (e.g. live streams it passes on to one upstream). */
  connectionsTo(port: number): number;
  stop(): Promise<void>;
}

/** Runs deploy/nginx.conf, rewritten by loopbackNginxConf, in the foreground of a child process. */
export function startNginx(options: Omit<LoopbackNginxOptions, 'dir'>): Promise<TestNginx> {
  return timed('nginx: start', () => startNginxNow(options));
}

async function startNginxNow(options: Omit<LoopbackNginxOptions, 'dir'>): Promise<TestNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'writory-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach the temp folders nginx makes in here (large bodies).
  chmodSync(dir, 0o755);
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, loopbackNginxConf(readFileSync(DEPLOY_NGINX_CONF, 'utf8'), { ...options, dir }));
  let output = '';
  const child: ChildProcess = spawn(NGINX_BIN, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const urls = Object.fromEntries(Object.entries(options.listen).map(([from, port]) => [from, `http://127.0.0.1:${port}`]));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}${readLog(dir)}`);
    try {
      await fetch(`${Object.values(urls)[0]}/__rebuild`);
      break;
    } catch {
      if (Date.now() - started > 10_000) throw new Error(`nginx not up after 10 s: ${output}${readLog(dir)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    urls,
    connectionsTo(port) {
      const sockets = socketInodes([child.pid!, ...childrenOf(child.pid!)]);
      const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
      // /proc/net/tcp: local address, remote address, state (01 = ESTABLISHED) … inode.
      return readFileSync('/proc/net/tcp', 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols[2]?.endsWith(hexPort) && cols[3] === '01' && sockets.has(cols[9])).length;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `pid` (nginx's workers). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The parent pid is the second field after the parenthesised command name.
        return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Inodes of the sockets these processes hold open. */
function socketInodes(pids: number[]): Set<string> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
        const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
        if (inode) inodes.add(inode);
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return inodes;
}

function readLog(dir: string): string {
  try {
    return readFileSync(path.join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}
