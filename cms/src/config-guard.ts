/**
 * Checks the environment before Strapi starts, so broken configuration stops the cms
 * with one line that says what to fix instead of a stack trace later.
 */
import { objectStorageProblems } from './lib/object-storage';
import { pdftotextProblem } from './lib/pdftotext';

export type Env = Record<string, string | undefined>;

export const PRODUCTION_SECRETS = ['APP_KEYS', 'API_TOKEN_SALT', 'ADMIN_JWT_SECRET', 'TRANSFER_TOKEN_SALT', 'JWT_SECRET', 'ENCRYPTION_KEY'] as const;

export const DATABASE_CLIENTS = ['sqlite', 'postgres'] as const;

/** Returns the reasons the cms must not start; empty when the configuration is usable. */
export function configProblems(env: Env): string[] {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const client = env.DATABASE_CLIENT ?? 'sqlite';
  if (!(DATABASE_CLIENTS as readonly string[]).includes(client)) {
    problems.push(`DATABASE_CLIENT must be one of ${DATABASE_CLIENTS.join(', ')} (got "${client}")`);
  }
  if (client === 'postgres' && !env.DATABASE_URL && !env.DATABASE_HOST) {
    problems.push('DATABASE_CLIENT=postgres needs DATABASE_URL or DATABASE_HOST');
  }
  if (production) {
    const missing = PRODUCTION_SECRETS.filter((name) => !env[name]);
    if (missing.length) problems.push(`production needs these secrets set: ${missing.join(', ')}`);
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      problems.push('FIREBASE_AUTH_EMULATOR_HOST is set: the emulator skips token signature checks, never use it in production');
    }
    if (!env.FIREBASE_PROJECT_ID) problems.push('production needs FIREBASE_PROJECT_ID');
  }
  if (!production && env.FIREBASE_AUTH_EMULATOR_HOST && !isLoopback(env.HOST ?? DEFAULT_HOST)) {
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST is set and HOST=${env.HOST} listens beyond this machine: the emulator accepts unsigned tokens, so anyone who reaches the cms could sign in as anyone; listen on 127.0.0.1 or ::1`,
    );
  }
  problems.push(...objectStorageProblems(env));
  problems.push(...paymentProblems(env, production));
  return problems;
}

/** config/server.ts listens here when HOST is not set. */
export const DEFAULT_HOST = '127.0.0.1';

/** localhost, 127.0.0.0/8 and ::1 (also written [::1] or as IPv4-mapped ::ffff:127.x.x.x). */
export function isLoopback(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  return /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** Stripe settings (src/api/payment/services/gateway.ts): without keys, production takes free entries only. */
function paymentProblems(env: Env, production: boolean): string[] {
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    return ['STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: paid orders could never be confirmed'];
  }
  if (production && env.PAYMENTS_TEST_MODE === 'true' && !env.STRIPE_WEBHOOK_SECRET) {
    return ['PAYMENTS_TEST_MODE=true in production needs its own STRIPE_WEBHOOK_SECRET (the local default is public)'];
  }
  return [];
}

/** Stops the process with a one-line reason when the configuration is broken. */
export function guardConfig(env: Env = process.env): void {
  // `strapi build` reads the config too, but only compiles: secrets are for the running server.
  if (process.argv.slice(2).includes('build')) return;
  // The machine too: poem PDFs are read by poppler's pdftotext (a Debian package, not an npm one).
  const problems = [...configProblems(env), pdftotextProblem()].filter((problem): problem is string => problem !== null);
  if (problems.length === 0) return;
  process.stderr.write(`writory-cms: refusing to start: ${problems.join('; ')}\n`);
  process.exit(1);
}

/** Development-only fallbacks; production must set real values (guardConfig enforces it). */
export function secret(env: Env, name: (typeof PRODUCTION_SECRETS)[number]): string {
  return env[name] ?? `writory-dev-only-${name.toLowerCase()}`;
}
