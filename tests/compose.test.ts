// Static checks of the production-like stack (docker-compose.yml, deploy/*). No Docker engine runs
// here, so this test is what keeps the compose file, the Dockerfiles, the nginx config and the code
// in agreement: files that are copied, ports that are listened on, variables that are read.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix, resolve as resolvePath } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configProblems, PRODUCTION_SECRETS } from '../cms/src/config-guard';
import { createClientAddressResolver } from '../cms/src/lib/client-address';
import { PERMISSIONS_POLICY } from '../site/server/security-headers.mjs';

const root = resolvePath(__dirname, '..');
const read = (rel: string) => readFileSync(join(root, rel), 'utf8');

// ---------------------------------------------------------------------------------------------
// Compose variable interpolation (the subset of the compose spec this file may use)
// ---------------------------------------------------------------------------------------------

type Env = Record<string, string | undefined>;
interface VarRef {
  name: string;
  op: '' | ':-' | '-' | ':?' | '?';
}

const VAR_RE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:-|-|:\?|\?)([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

function interpolate(value: string, env: Env): string {
  return value.replace(VAR_RE, (whole, name?: string, op?: string, arg?: string, bare?: string) => {
    if (whole === '$$') return '$';
    if (bare) return env[bare] ?? '';
    const v = env[name!];
    if (arg?.includes('$')) throw new Error(`nested interpolation in ${whole} is not supported here`);
    switch (op) {
      case ':-':
        return v ? v : arg!;
      case '-':
        return v ?? arg!;
      case ':?':
        if (!v) throw new Error(`required variable ${name} is missing a value: ${arg}`);
        return v;
      case '?':
        if (v === undefined) throw new Error(`required variable ${name} is missing a value: ${arg}`);
        return v;
      default:
        return v ?? '';
    }
  });
}

function refsIn(value: string): VarRef[] {
  const refs: VarRef[] = [];
  for (const m of value.matchAll(VAR_RE)) {
    if (m[0] === '$$') continue;
    refs.push({ name: m[1] ?? m[4], op: (m[2] ?? '') as VarRef['op'] });
  }
  return refs;
}

function deepMap(node: unknown, fn: (s: string) => string): unknown {
  if (typeof node === 'string') return fn(node);
  if (Array.isArray(node)) return node.map((n) => deepMap(n, fn));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deepMap(v, fn)]));
  return node;
}

function allStrings(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) node.forEach((n) => allStrings(n, out));
  else if (node && typeof node === 'object') Object.values(node).forEach((n) => allStrings(n, out));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The compose file, raw and resolved against a filled-in .env
// ---------------------------------------------------------------------------------------------

interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string> | string[];
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] | string };
  command?: string[] | string;
  entrypoint?: string[] | string;
  restart?: string;
  pull_policy?: string;
  networks?: Record<string, { aliases?: string[]; ipv4_address?: string } | null>;
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string }[] } } | null>;
}

const rawCompose = parse(read('docker-compose.yml')) as Compose;

/** deploy/.env.example with every empty value filled with a distinct sample. */
function envExample(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of read('deploy/.env.example').split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2] || `sample-${m[1].toLowerCase().replace(/_/g, '-')}`;
  }
  return env;
}
const SAMPLE_ENV = envExample();
const resolve = (env: Env) => deepMap(rawCompose, (s) => interpolate(s, env)) as Compose;
const compose = resolve(SAMPLE_ENV);

function environmentOf(service: Service): Record<string, string> {
  const e = service.environment ?? {};
  if (Array.isArray(e)) return Object.fromEntries(e.map((kv) => [kv.split('=')[0], kv.slice(kv.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, String(v)]));
}
const rawEnvironmentOf = (name: string) => environmentOf(rawCompose.services[name]);

/** The value each ${VAR:-default} falls back to, by name. */
const composeDefaults: Record<string, string> = {};
for (const s of allStrings(rawCompose)) {
  for (const m of s.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):-([^}]*)\}/g)) composeDefaults[m[1]] = m[2];
}
/** The stack as it starts with only the required variables set. */
const composeByDefault = resolve(Object.fromEntries(Object.entries(SAMPLE_ENV).filter(([k]) => !(k in composeDefaults))));

const cmsEnv = environmentOf(compose.services.cms);
const siteEnv = environmentOf(compose.services.site);
const postgresEnv = environmentOf(compose.services.postgres);
const objectstoreEnv = environmentOf(compose.services.objectstore);
const objectstoreInitEnv = environmentOf(compose.services['objectstore-init']);

/** The cms instances: the service that builds the image, and the second that runs it. */
const CMS_INSTANCES = ['cms', 'cms-2'];
/** Services that run once and exit (depended on with service_completed_successfully): no health to check. */
const ONE_SHOT = ['objectstore-init'];

function healthcheckUrl(service: Service): URL {
  const test = service.healthcheck?.test;
  const text = Array.isArray(test) ? test.join(' ') : String(test ?? '');
  const m = /https?:\/\/[^'"\s)]+/.exec(text);
  if (!m) throw new Error(`no URL in healthcheck: ${text}`);
  return new URL(m[0]);
}

// ---------------------------------------------------------------------------------------------
// What the code reads
// ---------------------------------------------------------------------------------------------

function filesUnder(rel: string, exts = /\.(ts|tsx|js|mjs|cjs|astro)$/): string[] {
  const abs = join(root, rel);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [rel];
  return readdirSync(abs).flatMap((entry) => {
    if (['node_modules', 'dist', '.strapi', '.tmp', '.astro', 'generated'].includes(entry)) return [];
    const child = posix.join(rel, entry);
    if (statSync(join(root, child)).isDirectory()) return filesUnder(child, exts);
    return exts.test(entry) && !/\.(test|spec)\.[a-z]+$/.test(entry) ? [child] : [];
  });
}

const ENV_READ_PATTERNS = [
  /\benv(?:\.(?:int|bool|float|json|array|date))?\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g, // Strapi's env('NAME'), env.int('NAME')…
  /process\.env\.([A-Z][A-Z0-9_]*)/g,
  /process\.env\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
  /import\.meta\.env\.([A-Z][A-Z0-9_]*)/g,
  /\benv\.([A-Z][A-Z0-9_]*)\b/g, // config-guard's env record: env.NODE_ENV
  /\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
  /['"](PUBLIC_[A-Z0-9_]+)['"]/g, // Astro/Vite public build settings looked up by name in import.meta.env
];

function variablesReadBy(paths: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of paths.flatMap((p) => filesUnder(p))) {
    const text = read(file);
    for (const re of ENV_READ_PATTERNS) for (const m of text.matchAll(re)) names.add(m[1]);
  }
  return names;
}

const cmsReads = variablesReadBy(['cms/config', 'cms/src']);
// config-guard reads every production secret as env[name] over PRODUCTION_SECRETS.
PRODUCTION_SECRETS.forEach((name) => cmsReads.add(name));
const siteReads = variablesReadBy(['site/astro.config.mjs', 'site/src', 'site/server']);

/** Variables read by the frameworks themselves, each with a file of theirs that reads it. */
const FRAMEWORK_READS: Record<string, Record<string, string>> = {
  cms: {
    NODE_ENV: 'node_modules/@strapi/admin/dist/server/shared/utils/session-auth.js',
    STRAPI_TELEMETRY_DISABLED: 'node_modules/@strapi/core/dist/services/metrics/index.js',
    GOOGLE_APPLICATION_CREDENTIALS: 'node_modules/firebase-admin/node_modules/google-auth-library/build/src/auth/googleauth.js',
  },
  site: {
    NODE_ENV: 'node_modules/astro/dist/core/create-vite.js',
    ASTRO_TELEMETRY_DISABLED: 'node_modules/@astrojs/telemetry/dist/index.js',
  },
};

/**
 * Agreed names the code does not read yet (design.md: admins come from ADMIN_EMAILS; the site's
 * Firebase web config). Each must be one the dev stack (scripts/lib/stack.mjs) passes too, so it is
 * an agreed name and not a typo. Drop an entry once the code reads it.
 */
const AWAITING_READER: Record<string, string[]> = {
  cms: ['ADMIN_EMAILS'],
  site: ['PUBLIC_FIREBASE_PROJECT_ID', 'PUBLIC_FIREBASE_API_KEY', 'PUBLIC_FIREBASE_AUTH_DOMAIN'],
};

/** A numeric default in code, e.g. env.int('PORT', 1337) or process.env.PORT ?? 4321. */
function defaultIn(file: string, re: RegExp): number {
  const m = re.exec(read(file));
  if (!m) throw new Error(`${file} no longer matches ${re}`);
  return Number(m[1]);
}
const CMS_PORT = defaultIn('cms/config/server.ts', /env\.int\(\s*'PORT'\s*,\s*(\d+)\s*\)/);
const SITE_PORT = defaultIn('site/server/serve.mjs', /process\.env\.PORT\s*\?\?\s*(\d+)/);
/** The path site/server/serve.mjs rebuilds on (POST from the cms). */
const REBUILD_PATH = /req\.url === '(\/[^']*rebuild[^']*)'/.exec(read('site/server/serve.mjs'))?.[1] ?? '(serve.mjs has no rebuild route)';
const POSTGRES_PORT = 5432; // the official image's default (the postgres service sets no PGPORT)

// ---------------------------------------------------------------------------------------------
// Dockerfiles and .dockerignore
// ---------------------------------------------------------------------------------------------

interface Instruction {
  op: string;
  args: string;
}

function dockerInstructions(text: string): Instruction[] {
  const lines: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue; // comments, also inside a continuation
    if (line.trimEnd().endsWith('\\')) {
      current += `${line.trimEnd().slice(0, -1)} `;
      continue;
    }
    current += line;
    if (current.trim()) lines.push(current.trim());
    current = '';
  }
  return lines.map((l) => {
    const m = /^(\S+)\s*(.*)$/.exec(l)!;
    return { op: m[1].toUpperCase(), args: m[2] };
  });
}

interface Copy {
  flags: Record<string, string>;
  sources: string[];
  dest: string;
}

function copiesOf(instructions: Instruction[]): Copy[] {
  return instructions
    .filter((i) => i.op === 'COPY' || i.op === 'ADD')
    .map((i) => {
      const words = i.args.trim().startsWith('[') ? (JSON.parse(i.args) as string[]) : i.args.split(/\s+/);
      const flags: Record<string, string> = {};
      while (words[0]?.startsWith('--')) {
        const [k, v = ''] = words.shift()!.slice(2).split('=');
        flags[k] = v;
      }
      return { flags, sources: words.slice(0, -1), dest: words[words.length - 1] };
    });
}

function dockerignore(contextDir: string): (path: string) => boolean {
  const file = join(contextDir, '.dockerignore');
  const rules = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => {
          const negate = l.startsWith('!');
          const pattern = posix.normalize((negate ? l.slice(1) : l).replace(/^\/+/, '')).replace(/\/+$/, '');
          const body = pattern
            .split(/(\*\*\/?|\*|\?)/)
            .map((part) =>
              part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
            )
            .join('');
          return { negate, re: new RegExp(`^${body}(?:/.*)?$`) };
        })
    : [];
  return (path) => {
    let ignored = false;
    for (const rule of rules) if (rule.re.test(path)) ignored = !rule.negate;
    return ignored;
  };
}

const trackedFiles = (dir: string) =>
  execFileSync('git', ['ls-files', '-z', '--', dir], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean)
    .filter((f) => existsSync(join(root, f)));

const builtServices = Object.entries(rawCompose.services).filter(([, s]) => s.build) as [string, Service & { build: NonNullable<Service['build']> }][];

// ---------------------------------------------------------------------------------------------
// nginx config
// ---------------------------------------------------------------------------------------------

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

function parseNginx(text: string): Directive[] {
  const tokens: string[] = [];
  const re = /#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g;
  for (const m of text.matchAll(re)) {
    if (m[0].startsWith('#')) continue;
    tokens.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  let i = 0;
  const block = (): Directive[] => {
    const out: Directive[] = [];
    while (i < tokens.length) {
      if (tokens[i] === '}') {
        i++;
        return out;
      }
      const words: string[] = [];
      while (i < tokens.length && tokens[i] !== ';' && tokens[i] !== '{' && tokens[i] !== '}') words.push(tokens[i++]);
      const [name, ...args] = words;
      if (tokens[i] === '{') {
        i++;
        out.push({ name, args, block: block() });
      } else {
        if (tokens[i] !== ';') throw new Error(`nginx: "${words.join(' ')}" is not terminated by ;`);
        i++;
        out.push({ name, args });
      }
    }
    return out;
  };
  return block();
}

const all = (ds: Directive[] | undefined, name: string) => (ds ?? []).filter((d) => d.name === name);
const one = (ds: Directive[] | undefined, name: string) => all(ds, name)[0];

interface Server {
  listen: number[];
  vars: Record<string, string>;
  locations: { modifier: string; path: string; block: Directive[] }[];
  directives: Directive[];
}

function nginxServers(conf: Directive[]): Server[] {
  const http = one(conf, 'http');
  return all(http?.block, 'server').map((s) => ({
    listen: all(s.block, 'listen').map((d) => Number(d.args[0].split(':').pop())),
    vars: Object.fromEntries(all(s.block, 'set').map((d) => [d.args[0], d.args[1]])),
    locations: all(s.block, 'location').map((d) =>
      d.args.length === 2 ? { modifier: d.args[0], path: d.args[1], block: d.block! } : { modifier: '', path: d.args[0], block: d.block! },
    ),
    directives: s.block!,
  }));
}

/** nginx's location choice: exact, then longest prefix (^~ stops), then regexes in order. */
function locationFor(server: Server, uri: string) {
  const exact = server.locations.find((l) => l.modifier === '=' && l.path === uri);
  if (exact) return exact;
  const prefixes = server.locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.path))
    .sort((a, b) => b.path.length - a.path.length);
  if (prefixes[0]?.modifier === '^~') return prefixes[0];
  const regex = server.locations.find((l) => (l.modifier === '~' || l.modifier === '~*') && new RegExp(l.path, l.modifier === '~*' ? 'i' : '').test(uri));
  return regex ?? prefixes[0];
}

function proxyTarget(server: Server, uri: string): URL | undefined {
  const loc = locationFor(server, uri);
  const pass = one(loc?.block, 'proxy_pass')?.args[0];
  if (!pass) return undefined;
  return new URL(pass.replace(/\$[a-z_]+/g, (v) => server.vars[v] ?? v));
}

const proxyService = rawCompose.services.proxy;
const proxyConfMount = (proxyService.volumes ?? []).map((v) => v.split(':')).find(([, target]) => target === '/etc/nginx/nginx.conf');
const nginxConfPath = proxyConfMount?.[0].replace(/^\.\//, '') ?? 'deploy/nginx.conf';
const nginxConf = existsSync(join(root, nginxConfPath)) ? parseNginx(read(nginxConfPath)) : [];
const servers = nginxServers(nginxConf);
const publicServer = servers.find((s) => s.listen.includes(80));
const adminServer = servers.find((s) => s.listen.includes(8081));

/** The port a service listens on inside its container. */
const servicePort: Record<string, number> = {
  cms: Number(cmsEnv.PORT),
  site: Number(siteEnv.PORT),
  postgres: POSTGRES_PORT,
};

// =============================================================================================

describe('docker-compose.yml: services', () => {
  it('has exactly postgres, an object store and its bucket maker, two cms instances, site and one reverse proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['cms', 'cms-2', 'objectstore', 'objectstore-init', 'postgres', 'proxy', 'site']);
  });

  it.each([
    ['postgres', /^postgres:\d+/],
    ['proxy', /^nginx:\d+/],
    ['objectstore', /^chrislusf\/seaweedfs:\d+\.\d+$/],
    ['objectstore-init', /^amazon\/aws-cli:\d+\.\d+\.\d+$/],
  ])('%s runs the pinned image %s', (name, image) => {
    expect(compose.services[name].image).toMatch(image);
    expect(compose.services[name].build).toBeUndefined();
  });

  it('only the proxy publishes host ports, and they are the ports nginx listens on', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name !== 'proxy') expect(service.ports, `${name} must not publish a port`).toBeUndefined();
    }
    const containerPorts = compose.services.proxy.ports!.map((p) => Number(p.split(':').pop()));
    expect(containerPorts.sort()).toEqual(servers.flatMap((s) => s.listen).sort());
    expect(compose.services.proxy.ports).toEqual(['8080:80', '8081:8081']);
  });

  it.each(Object.keys(rawCompose.services))('%s: depends_on names services that have a healthcheck when it waits for health', (name) => {
    const deps = rawCompose.services[name].depends_on ?? {};
    for (const [dep, spec] of Array.isArray(deps) ? deps.map((d) => [d, { condition: 'service_started' }] as const) : Object.entries(deps)) {
      expect(rawCompose.services[dep], `${name} depends on unknown service ${dep}`).toBeDefined();
      if (spec.condition === 'service_healthy') expect(rawCompose.services[dep].healthcheck, `${dep} needs a healthcheck`).toBeDefined();
      if (spec.condition === 'service_completed_successfully') expect(ONE_SHOT, `${dep} must be a one-shot service`).toContain(dep);
    }
  });

  it.each([
    ['cms', 'postgres'],
    ['cms-2', 'cms'],
    ['objectstore-init', 'objectstore'],
    ['site', 'cms'],
    ['proxy', 'cms'],
    ['proxy', 'cms-2'],
    ['proxy', 'site'],
  ])('%s starts after %s is healthy', (name, dep) => {
    const deps = rawCompose.services[name].depends_on as Record<string, { condition: string }>;
    expect(deps[dep]).toEqual({ condition: 'service_healthy' });
  });

  it('the cms starts once the bucket exists', () => {
    const deps = rawCompose.services.cms.depends_on as Record<string, { condition: string }>;
    expect(deps['objectstore-init']).toEqual({ condition: 'service_completed_successfully' });
  });

  it.each(Object.keys(rawCompose.services).filter((name) => !ONE_SHOT.includes(name)))('%s has a healthcheck', (name) => {
    expect(rawCompose.services[name].healthcheck?.test).toBeTruthy();
  });

  it.each(ONE_SHOT)('%s runs once: never restarted, nothing to health-check', (name) => {
    expect(rawCompose.services[name].restart).toBe('no');
    expect(rawCompose.services[name].healthcheck).toBeUndefined();
  });
});

describe('two cms instances', () => {
  it('cms builds the image and cms-2 runs that image, never pulling it', () => {
    expect(compose.services.cms.build).toBeDefined();
    expect(compose.services['cms-2'].build).toBeUndefined();
    expect(compose.services['cms-2'].image).toBe(compose.services.cms.image);
    expect(compose.services['cms-2'].pull_policy).toBe('never');
  });

  it('share one environment and one health check', () => {
    expect(compose.services['cms-2'].environment).toEqual(compose.services.cms.environment);
    expect(compose.services['cms-2'].healthcheck).toEqual(compose.services.cms.healthcheck);
  });

  it('both answer to the name nginx, the site and the cms itself use for the cms', () => {
    // The service name for cms, a network alias for cms-2: Docker's DNS answers `cms` with both addresses, and nginx
    // (variables + resolver) spreads requests over them.
    expect(compose.services['cms-2'].networks?.default?.aliases).toEqual(['cms']);
    expect(new URL(siteEnv.CMS_URL).hostname).toBe('cms');
    for (const server of [publicServer!, adminServer!]) expect(proxyTarget(server, '/api/health')?.hostname).toBe('cms');
  });

  it.each(CMS_INSTANCES)('%s keeps nothing on its own disk: no volumes, files in the bucket', (name) => {
    expect(compose.services[name].volumes).toBeUndefined();
    expect(environmentOf(compose.services[name]).FILE_STORAGE).toBe('s3');
  });
});

describe('the object store', () => {
  const s3Port = () => Number(healthcheckUrl(compose.services.objectstore).port);

  it('is health-checked on its S3 port, where the cms and the bucket maker reach it path-style', () => {
    expect(s3Port()).toBe(8333);
    for (const endpoint of [cmsEnv.S3_ENDPOINT, objectstoreInitEnv.S3_ENDPOINT]) {
      const url = new URL(endpoint);
      expect(compose.services[url.hostname]).toBe(compose.services.objectstore);
      expect(Number(url.port)).toBe(s3Port());
    }
    expect(cmsEnv.S3_FORCE_PATH_STYLE).toBe('true');
    expect(compose.services.objectstore.ports).toBeUndefined();
  });

  it('creates at start the bucket the cms uses, with the cms’s credentials and region', () => {
    const command = [compose.services['objectstore-init'].entrypoint, compose.services['objectstore-init'].command].flat().join(' ');
    expect(command).toMatch(/s3api create-bucket --bucket "\$S3_BUCKET"/);
    expect(command).toMatch(/--endpoint-url "\$S3_ENDPOINT"/);
    expect(objectstoreInitEnv.S3_BUCKET).toBe(cmsEnv.S3_BUCKET);
    expect(objectstoreInitEnv.AWS_DEFAULT_REGION).toBe(cmsEnv.S3_REGION);
    expect(objectstoreInitEnv.AWS_ACCESS_KEY_ID).toBe(cmsEnv.S3_ACCESS_KEY_ID);
    expect(objectstoreInitEnv.AWS_SECRET_ACCESS_KEY).toBe(cmsEnv.S3_SECRET_ACCESS_KEY);
  });

  it('accepts only the access key the cms signs with', () => {
    expect(objectstoreEnv.AWS_ACCESS_KEY_ID).toBe(cmsEnv.S3_ACCESS_KEY_ID);
    expect(objectstoreEnv.AWS_SECRET_ACCESS_KEY).toBe(cmsEnv.S3_SECRET_ACCESS_KEY);
    expect(cmsEnv.S3_ACCESS_KEY_ID).toBe(SAMPLE_ENV.S3_ACCESS_KEY_ID);
    expect(rawEnvironmentOf('cms').S3_SECRET_ACCESS_KEY).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?.+\}$/);
  });

  it('keeps its data in a volume', () => {
    expect(compose.services.objectstore.volumes).toEqual(['objectstore-data:/data']);
    expect(compose.services.objectstore.command).toContain('-dir=/data');
  });
});

describe('docker-compose.yml: variables', () => {
  const refs = allStrings(rawCompose).flatMap(refsIn);

  // biome-ignore lint/suspicious/noTemplateCurlyInString: names compose's ${VAR} syntax
  it('every ${VAR} has a default (:-) or is required (:?), so nothing is silently empty', () => {
    const loose = refs.filter((r) => r.op !== ':-' && r.op !== ':?').map((r) => r.name);
    expect(loose).toEqual([]);
  });

  it('deploy/.env.example lists exactly the variables docker-compose.yml uses', () => {
    expect(Object.keys(SAMPLE_ENV).sort()).toEqual([...new Set(refs.map((r) => r.name))].sort());
  });

  it('deploy/.env.example shows the defaults docker-compose.yml falls back to', () => {
    const example = Object.fromEntries(
      read('deploy/.env.example')
        .split('\n')
        .map((l) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(l.trim()))
        .filter((m) => m !== null)
        .map((m) => [m[1], m[2]]),
    );
    for (const [name, fallback] of Object.entries(composeDefaults)) expect(example[name], name).toBe(fallback);
    expect(Object.keys(composeDefaults).length).toBeGreaterThan(5);
  });

  it('resolves completely with a filled-in .env', () => {
    expect(allStrings(compose).filter((s) => /\$\{/.test(s))).toEqual([]);
  });

  it.each([
    ...PRODUCTION_SECRETS,
    'POSTGRES_PASSWORD',
    'FIREBASE_PROJECT_ID',
    'PUBLIC_SITE_URL',
    'SMTP_HOST',
    'SITE_REBUILD_TOKEN',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ])('refuses to start without %s', (name) => {
    expect(() => resolve({ ...SAMPLE_ENV, [name]: '' })).toThrow(`required variable ${name}`);
  });
});

describe.each(builtServices)('image of %s', (_name, service) => {
  const context = join(root, service.build.context);
  const dockerfileRel = posix.join(service.build.context, service.build.dockerfile ?? 'Dockerfile');
  const dockerfile = join(root, dockerfileRel);
  const instructions = existsSync(dockerfile) ? dockerInstructions(readFileSync(dockerfile, 'utf8')) : [];
  const copies = copiesOf(instructions);
  const ignored = dockerignore(context);
  const stageNames = instructions.filter((i) => i.op === 'FROM').map((i) => /\bAS\s+(\S+)/i.exec(i.args)?.[1]);

  it('has its build context and Dockerfile', () => {
    expect(existsSync(context) && statSync(context).isDirectory()).toBe(true);
    expect(existsSync(dockerfile), dockerfileRel).toBe(true);
    expect(copies.length).toBeGreaterThan(0);
  });

  it('builds on node:<version in .nvmrc>', () => {
    const nodeVersion = read('.nvmrc').trim();
    const arg = instructions.find((i) => i.op === 'ARG' && i.args.startsWith('NODE_VERSION='));
    expect(arg?.args).toBe(`NODE_VERSION=${nodeVersion}`);
    const bases = instructions.filter((i) => i.op === 'FROM').map((i) => i.args.split(/\s+/)[0]);
    expect(bases.length).toBeGreaterThanOrEqual(2); // multi-stage
    for (const base of bases) expect(base).toMatch(/^node:\$\{NODE_VERSION\}(-slim)?$/);
  });

  it('copies only files that exist in the build context and are not excluded by .dockerignore', () => {
    const fromContext = copies.filter((c) => !c.flags.from);
    expect(fromContext.length).toBeGreaterThan(0);
    for (const { sources } of fromContext) {
      for (const src of sources) {
        const rel = posix.normalize(src).replace(/\/$/, '');
        expect(existsSync(join(context, rel)), `${dockerfileRel} copies missing ${src}`).toBe(true);
        expect(ignored(rel), `${src} is excluded by .dockerignore`).toBe(false);
        // Every tracked file under a copied directory must reach the image.
        if (statSync(join(context, rel)).isDirectory()) {
          const lost = trackedFiles(rel).filter((f) => ignored(f));
          expect(lost, `.dockerignore drops tracked files under ${src}`).toEqual([]);
        }
      }
    }
  });

  it('copies from earlier stages only', () => {
    for (const c of copies.filter((c) => c.flags.from)) expect(stageNames).toContain(c.flags.from);
  });

  it('installs with npm install (npm ci fails on the Strapi lockfile) from the lockfile in the context', () => {
    const runs = instructions.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(runs.filter((r) => /^npm install\b/.test(r))).toHaveLength(1);
    expect(runs.some((r) => /\bnpm ci\b/.test(r))).toBe(false);
    expect(copies.some((c) => c.sources.includes('package-lock.json'))).toBe(true);
  });
});

describe('the cms image', () => {
  const text = read(rawCompose.services.cms.build!.dockerfile!);
  const runs = dockerInstructions(text)
    .filter((i) => i.op === 'RUN')
    .map((i) => i.args);

  it('builds packages/shared before the cms', () => {
    const shared = runs.findIndex((r) => r.includes('tsc -p packages/shared/tsconfig.json'));
    const cms = runs.findIndex((r) => /strapi build/.test(r));
    expect(shared).toBeGreaterThanOrEqual(0);
    expect(cms).toBeGreaterThan(shared);
  });

  it('installs in its runtime stage the Debian packages the cms refuses to start without (pdftotext, prlimit)', () => {
    const runtime = text.slice(text.lastIndexOf('\nFROM '));
    const installs = dockerInstructions(runtime)
      .filter((i) => i.op === 'RUN' && /apt-get install/.test(i.args))
      .map((i) => i.args)
      .join(' ');
    expect(installs).toMatch(/\bpoppler-utils\b/);
    expect(installs).toMatch(/\butil-linux\b/);
  });

  it('starts Strapi from a path that exists in the workspace layout', () => {
    const cmd = dockerInstructions(text).find((i) => i.op === 'CMD')!;
    const [, script, command] = JSON.parse(cmd.args) as string[];
    expect(script).toMatch(/^\/app\//);
    expect(existsSync(join(root, script.replace(/^\/app\//, '')))).toBe(true);
    expect(command).toBe('start');
  });
});

describe('the site image', () => {
  const text = read(rawCompose.services.site.build!.dockerfile!);
  const instructions = dockerInstructions(text);
  const cmd = JSON.parse(instructions.find((i) => i.op === 'CMD')!.args) as string[];
  const startScript = copiesOf(instructions).find((c) => c.dest.endsWith(`/${cmd[0]}`));

  it('starts with a script copied into the image', () => {
    expect(startScript?.sources).toEqual(['deploy/site-start.sh']);
  });

  it('runs astro build (with the cms up) and then serves dist with site/server/serve.mjs', () => {
    const script = read(startScript!.sources[0])
      .split('\n')
      .filter((l) => !/^\s*#/.test(l))
      .join('\n');
    expect(script).toMatch(/astro build/);
    expect(script).toMatch(/exec node server\/serve\.mjs/);
    expect(script.indexOf('astro build')).toBeLessThan(script.indexOf('serve.mjs'));
    expect(existsSync(join(root, 'site/server/serve.mjs'))).toBe(true);
    const astroBin = /(\/app\/\S*astro)\b build/.exec(script)![1];
    expect(existsSync(join(root, astroBin.replace(/^\/app\//, '')))).toBe(true);
  });
});

describe('nginx (the one reverse proxy)', () => {
  it('mounts its config file from the repository', () => {
    expect(proxyConfMount?.[0]).toBe('./deploy/nginx.conf');
    expect(existsSync(join(root, nginxConfPath))).toBe(true);
    expect(servers).toHaveLength(2);
  });

  it.each([
    ['/api/health', 'cms'],
    ['/api', 'cms'],
    ['/api/contests/current?x=1', 'cms'],
    ['/api/notifications/stream', 'cms'],
    ['/uploads/poem.png', 'cms'],
    ['/', 'site'],
    ['/writory-wall', 'site'],
    ['/admin-users', 'site'],
    ['/apiary', 'site'],
  ])('public origin routes %s to %s on the port it listens on', (uri, service) => {
    const target = proxyTarget(publicServer!, uri.split('?')[0]);
    expect(target?.hostname).toBe(service);
    expect(Number(target?.port)).toBe(servicePort[service]);
    expect(target?.pathname).toBe('/'); // no URI part: the request path reaches the upstream unchanged
  });

  it.each(['/admin', '/admin/auth/login', '/content-manager/init', '/upload/files', '/api/health'])('admin port routes %s to the cms', (uri) => {
    const target = proxyTarget(adminServer!, uri);
    expect(target?.host).toBe(`cms:${servicePort.cms}`);
  });

  it("does not expose the site's rebuild hook", () => {
    const loc = locationFor(publicServer!, REBUILD_PATH)!;
    expect(loc.path).toBe(REBUILD_PATH);
    expect(one(loc.block, 'proxy_pass')).toBeUndefined();
    expect(one(loc.block, 'return')?.args).toEqual(['404']);
  });

  it('streams /api/notifications/stream unbuffered and uncompressed', () => {
    const loc = locationFor(publicServer!, '/api/notifications/stream')!;
    expect(one(loc.block, 'proxy_buffering')?.args).toEqual(['off']);
    expect(one(loc.block, 'gzip')?.args).toEqual(['off']);
    expect(Number.parseInt(one(loc.block, 'proxy_read_timeout')?.args[0] ?? '0', 10)).toBeGreaterThan(0);
    // the ordinary API keeps buffering on
    expect(one(locationFor(publicServer!, '/api/health')!.block, 'proxy_buffering')).toBeUndefined();
  });

  it('compresses with gzip, but never event streams', () => {
    const http = one(nginxConf, 'http')!.block!;
    expect(one(http, 'gzip')?.args).toEqual(['on']);
    expect(one(http, 'gzip_proxied')?.args).toEqual(['any']);
    const types = one(http, 'gzip_types')!.args;
    expect(types).toEqual(expect.arrayContaining(['text/css', 'application/javascript', 'application/json', 'image/svg+xml']));
    expect(types).not.toContain('text/event-stream');
  });

  it('forwards client address and scheme, and no location drops them', () => {
    const http = one(nginxConf, 'http')!.block!;
    const headers = all(http, 'proxy_set_header').map((d) => d.args[0]);
    expect(headers).toEqual(expect.arrayContaining(['Host', 'X-Forwarded-For', 'X-Forwarded-Proto']));
    // a proxy_set_header inside a location would replace (not extend) the inherited list
    for (const s of servers) for (const l of s.locations) expect(all(l.block, 'proxy_set_header'), l.path).toEqual([]);
  });

  it('tells the upstreams the client address it saw, replacing whatever the client sent', () => {
    const http = one(nginxConf, 'http')!.block!;
    const header = (name: string) => all(http, 'proxy_set_header').find((d) => d.args[0] === name)?.args[1];
    expect(header('X-Forwarded-For')).toBe('$remote_addr');
    expect(header('X-Real-IP')).toBe('$remote_addr');
  });

  it("adds the security headers to every public answer, HSTS only over TLS, and passes the upstreams' CSP on", () => {
    const added = Object.fromEntries(all(publicServer!.directives, 'add_header').map((d) => [d.args[0], d.args.slice(1)]));
    expect(added).toEqual({
      'X-Frame-Options': ['DENY', 'always'],
      'X-Content-Type-Options': ['nosniff', 'always'],
      'Referrer-Policy': ['strict-origin-when-cross-origin', 'always'],
      'Permissions-Policy': [PERMISSIONS_POLICY, 'always'],
      'Strict-Transport-Security': ['$strict_transport_security', 'always'],
    });
    // each is hidden from the upstream answer first (sent once); the pages' CSP (hashes of the build) is not
    const hidden = all(publicServer!.directives, 'proxy_hide_header').map((d) => d.args[0]);
    expect(hidden.sort()).toEqual(Object.keys(added).sort());
    const admin = all(adminServer!.directives, 'add_header').map((d) => d.args);
    expect(admin).toEqual([['Strict-Transport-Security', '$strict_transport_security', 'always']]);
    // an add_header inside a location would replace (not extend) the inherited ones
    for (const s of servers) for (const l of s.locations) expect(all(l.block, 'add_header'), l.path).toEqual([]);
    const hsts = all(one(nginxConf, 'http')!.block, 'map').find((d) => d.args[1] === '$strict_transport_security')!;
    expect(hsts.args[0]).toBe('$forwarded_proto');
    expect(Object.fromEntries(hsts.block!.map((d) => [d.name, d.args[0]]))).toEqual({ https: expect.stringMatching(/^max-age=\d+/), default: '' });
  });

  it('resolves upstreams through Docker DNS at request time', () => {
    expect(one(one(nginxConf, 'http')!.block, 'resolver')?.args[0]).toBe('127.0.0.11');
  });
});

describe('the cms environment', () => {
  it.each(Object.keys(rawEnvironmentOf('cms')))('%s is read by the cms', (name) => {
    const framework = FRAMEWORK_READS.cms[name];
    if (framework) {
      expect(read(framework)).toContain(name);
    } else if (AWAITING_READER.cms.includes(name) && !cmsReads.has(name)) {
      expect(read('scripts/lib/stack.mjs')).toMatch(new RegExp(`\\b${name}\\b`));
    } else {
      expect(cmsReads, `cms/config or cms/src never reads ${name}`).toContain(name);
    }
  });

  it.each([...PRODUCTION_SECRETS])('provides the production secret %s as a required variable', (name) => {
    expect(rawEnvironmentOf('cms')[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
  });

  it('passes the cms config guard as production', () => {
    expect(cmsEnv.NODE_ENV).toBe('production');
    expect(cmsEnv.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(configProblems(cmsEnv)).toEqual([]);
    // and the guard would notice a missing secret: the check above is not vacuous
    expect(configProblems({ ...cmsEnv, JWT_SECRET: undefined })).not.toEqual([]);
  });

  it('sends mail encrypted by default', () => {
    // cms/config/plugins.ts skips STARTTLS (ignoreTLS) whenever SMTP_SECURE is false: then only
    // implicit TLS (SMTP_SECURE=true, port 465) encrypts.
    const skipsStartTls = /ignoreTLS:\s*!env\.bool\(\s*'SMTP_SECURE'/.test(read('cms/config/plugins.ts'));
    const mail = environmentOf(composeByDefault.services.cms);
    if (skipsStartTls) expect(mail.SMTP_SECURE).toBe('true');
    if (mail.SMTP_SECURE === 'true') expect(mail.SMTP_PORT).toBe('465');
  });

  it.each([
    ['DATABASE_CLIENT', 'postgres'],
    ['HOST', '0.0.0.0'],
    ['WRITORY_DEMO_DATA', 'false'],
  ])('sets %s=%s', (name, value) => {
    expect(cmsEnv[name]).toBe(value);
  });

  it(`listens on the port the code defaults to (${CMS_PORT}) and is health-checked there`, () => {
    expect(CMS_PORT).toBe(1337);
    expect(Number(cmsEnv.PORT)).toBe(CMS_PORT);
    const url = healthcheckUrl(compose.services.cms);
    expect(Number(url.port)).toBe(CMS_PORT);
    expect(url.pathname).toBe('/api/health');
    expect(read('cms/src/api/health/routes/health.ts')).toMatch(/path:\s*'\/health'/);
  });

  it('keeps files in the bucket: entries’ private files and the media library, which nginx still reaches at /uploads/', () => {
    expect(cmsEnv.FILE_STORAGE).toBe('s3');
    expect(read('cms/config/plugins.ts')).toMatch(/provider: 'aws-s3'/);
    expect(read('cms/config/middlewares.ts')).toMatch(/'global::bucket-media',\s*'strapi::public'/);
    expect(proxyTarget(publicServer!, '/uploads/picture_abc123.webp')?.hostname).toBe('cms');
  });
});

describe('client addresses behind nginx (issue 35)', () => {
  const proxyAddress = compose.services.proxy.networks?.default?.ipv4_address;
  const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
  const trusted = cmsEnv.TRUSTED_PROXIES.split(',');
  /** The client the cms settles on for a request from `peer` carrying `forwardedFor`, with the compose values. */
  const clientOf = (peer: string, forwardedFor?: string) =>
    createClientAddressResolver(trusted)({ socket: { remoteAddress: peer }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} } as never)
      .address;
  const inSubnet = (address: string, cidr: string) => {
    const [base, bits] = cidr.split('/');
    const n = (ip: string) => ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    const size = 2 ** (32 - Number(bits));
    return Math.floor(n(address) / size) === Math.floor(n(base) / size);
  };

  it('gives nginx one fixed address on a network with a fixed range, and the cms trusts that address alone', () => {
    expect(proxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(subnet).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    expect(inSubnet(proxyAddress!, subnet!)).toBe(true);
    expect(trusted).toEqual([proxyAddress]);
    // Set in one place: not a variable a .env could widen back to a whole range.
    expect(rawEnvironmentOf('cms').TRUSTED_PROXIES).toBe(proxyAddress);
    expect(SAMPLE_ENV.TRUSTED_PROXIES).toBeUndefined();
  });

  it('believes X-Forwarded-For from nginx: each visitor is their own client', () => {
    expect(clientOf(proxyAddress!, '203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf(proxyAddress!, '198.51.100.9')).toBe('198.51.100.9');
  });

  it('ignores X-Forwarded-For from any other peer, private ones included (another container, a gateway)', () => {
    const neighbour = subnet!.replace(/\.\d+\/\d+$/, '.200');
    expect(neighbour).not.toBe(proxyAddress);
    for (const peer of [neighbour, '10.0.0.5', '192.168.1.20', '127.0.0.1']) expect(clientOf(peer, '203.0.113.7')).toBe(peer);
  });

  it('keeps a private address nginx saw (a load balancer, Docker’s gateway) as that one client, never skipped as a proxy', () => {
    // Chained: a forged entry the visitor sent, then what nginx saw. Only nginx is skipped.
    expect(clientOf(proxyAddress!, '203.0.113.7, 10.0.0.5')).toBe('10.0.0.5');
  });
});

describe('the cms and postgres agree', () => {
  // Two different .env files: a value that matches in both is wired through, not a coincidence.
  it.each([
    ['sample values', SAMPLE_ENV],
    ['other values', { ...SAMPLE_ENV, POSTGRES_DB: 'db2', POSTGRES_USER: 'user2', POSTGRES_PASSWORD: 'pw2' }],
  ])('database, user and password (%s)', (_label, env) => {
    const c = resolve(env);
    const cms = environmentOf(c.services.cms);
    const pg = environmentOf(c.services.postgres);
    expect(cms.DATABASE_NAME).toBe(pg.POSTGRES_DB);
    expect(cms.DATABASE_USERNAME).toBe(pg.POSTGRES_USER);
    expect(cms.DATABASE_PASSWORD).toBe(pg.POSTGRES_PASSWORD);
    expect(cms.DATABASE_PASSWORD).toBe(env.POSTGRES_PASSWORD);
  });

  it('host and port are the postgres service and its default port', () => {
    expect(compose.services[cmsEnv.DATABASE_HOST]).toBe(compose.services.postgres);
    expect(Number(cmsEnv.DATABASE_PORT)).toBe(POSTGRES_PORT);
    expect(postgresEnv.PGPORT).toBeUndefined();
  });

  it('postgres is health-checked for its own database and user', () => {
    const test = (compose.services.postgres.healthcheck!.test as string[]).join(' ');
    expect(test).toMatch(/pg_isready/);
    expect(test).toContain('$POSTGRES_USER');
    expect(test).toContain('$POSTGRES_DB');
  });
});

describe('the site environment', () => {
  it.each(Object.keys(rawEnvironmentOf('site')))('%s is read by the site', (name) => {
    const framework = FRAMEWORK_READS.site[name];
    if (framework) {
      expect(read(framework)).toContain(name);
    } else if (AWAITING_READER.site.includes(name) && !siteReads.has(name)) {
      expect(read('scripts/lib/stack.mjs')).toMatch(new RegExp(`\\b${name}\\b`));
    } else {
      expect(siteReads, `site code never reads ${name}`).toContain(name);
    }
  });

  it(`listens on the port the code defaults to (${SITE_PORT}) on every interface`, () => {
    expect(SITE_PORT).toBe(4321);
    expect(Number(siteEnv.PORT)).toBe(SITE_PORT);
    expect(siteEnv.HOST).toBe('0.0.0.0');
    expect(Number(healthcheckUrl(compose.services.site).port)).toBe(SITE_PORT);
  });

  it('reaches the cms by service name and port', () => {
    const url = new URL(siteEnv.CMS_URL);
    expect(compose.services[url.hostname]).toBe(compose.services.cms);
    expect(Number(url.port)).toBe(CMS_PORT);
  });

  it('never points the browser at the auth emulator', () => {
    expect(Object.keys(siteEnv).filter((k) => /EMULATOR/.test(k))).toEqual([]);
  });

  it('is asked to rebuild by the cms at its own port and path, with the same token', () => {
    const url = new URL(cmsEnv.SITE_REBUILD_URL);
    expect(compose.services[url.hostname]).toBe(compose.services.site);
    expect(Number(url.port)).toBe(SITE_PORT);
    expect(url.pathname).toBe(REBUILD_PATH);
    expect(siteEnv.SITE_REBUILD_TOKEN).toBe(cmsEnv.SITE_REBUILD_TOKEN);
    expect(siteEnv.SITE_REBUILD_TOKEN).toBe(SAMPLE_ENV.SITE_REBUILD_TOKEN);
  });

  it('builds pages for the same public origin the cms allows', () => {
    expect(siteEnv.PUBLIC_SITE_URL).toBe(cmsEnv.CORS_ORIGINS);
  });
});

describe('volumes', () => {
  const mounts = Object.entries(rawCompose.services).flatMap(([name, s]) => (s.volumes ?? []).map((v) => ({ name, source: v.split(':')[0] })));
  const named = mounts.filter((m) => !/^[./~]/.test(m.source));

  it('every named volume is declared, and every declared volume is used', () => {
    const declared = Object.keys(rawCompose.volumes ?? {}).sort();
    expect([...new Set(named.map((m) => m.source))].sort()).toEqual(declared);
    expect(declared).toEqual(['objectstore-data', 'postgres-data']);
  });

  it('every bind-mounted file exists', () => {
    for (const m of mounts.filter((m) => /^\./.test(m.source))) expect(existsSync(join(root, m.source)), m.source).toBe(true);
  });

  it('postgres keeps its data in a volume', () => {
    expect(compose.services.postgres.volumes).toContain('postgres-data:/var/lib/postgresql/data');
  });
});
