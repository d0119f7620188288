/**
 * Where files live, chosen by FILE_STORAGE: `local` (the default: the cms's own disk, nothing to run) or `s3`
 * (any S3-compatible bucket, so several cms instances on several hosts see the same files).
 */
export type Env = Record<string, string | undefined>;

export const FILE_STORAGES = ['local', 's3'] as const;

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Put before every key (e.g. "writory/"), so one bucket can hold several sites. */
  prefix: string;
}

const REQUIRED_S3 = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Why the storage settings are unusable; empty when they are fine. */
export function objectStorageProblems(env: Env): string[] {
  const storage = env.FILE_STORAGE || 'local';
  if (!(FILE_STORAGES as readonly string[]).includes(storage)) return [`FILE_STORAGE must be one of ${FILE_STORAGES.join(', ')} (got "${storage}")`];
  if (storage === 'local') return [];
  const problems: string[] = [];
  const missing = REQUIRED_S3.filter((name) => !env[name]);
  if (missing.length) problems.push(`FILE_STORAGE=s3 needs ${missing.join(', ')}`);
  if (env.S3_ENDPOINT && !/^https?:\/\/[^/]+\/?$/.test(env.S3_ENDPOINT))
    problems.push(`S3_ENDPOINT must be an http(s) origin such as https://s3.example.com (got "${env.S3_ENDPOINT}")`);
  if (env.S3_FORCE_PATH_STYLE && !['true', 'false'].includes(env.S3_FORCE_PATH_STYLE)) problems.push('S3_FORCE_PATH_STYLE must be true or false');
  if (env.S3_PREFIX && !/^([a-z0-9][a-z0-9._-]*\/)+$/i.test(env.S3_PREFIX))
    problems.push(`S3_PREFIX must be folder names each ending in / (got "${env.S3_PREFIX}")`);
  return problems;
}

/** The bucket's settings when FILE_STORAGE=s3, null for local disk. Throws on settings objectStorageProblems rejects. */
export function s3Settings(env: Env = process.env): S3Settings | null {
  const problems = objectStorageProblems(env);
  if (problems.length) throw new Error(problems.join('; '));
  if ((env.FILE_STORAGE || 'local') === 'local') return null;
  return {
    bucket: env.S3_BUCKET!,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    prefix: env.S3_PREFIX ?? '',
  };
}

/** The S3 client options both the private files and Strapi's upload provider use. */
export function s3ClientOptions(settings: S3Settings) {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  };
}

/** Public media (Strapi's media library) sit under this folder of the bucket, private files never do. */
export const mediaRoot = (settings: S3Settings) => `${settings.prefix}uploads`;
