import { describe, expect, it } from 'vitest';
import { mediaRoot, objectStorageProblems, s3ClientOptions, s3Settings } from './object-storage';

const BUCKET = {
  FILE_STORAGE: 's3',
  S3_BUCKET: 'writory',
  S3_ENDPOINT: 'http://objectstore:8333',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('objectStorageProblems', () => {
  it.each([
    ['nothing set (local disk)', {}],
    ['FILE_STORAGE=local, with stray S3 settings', { FILE_STORAGE: 'local', S3_ENDPOINT: 'not a url' }],
    ['a complete bucket', BUCKET],
    ['AWS itself (no endpoint), virtual-hosted', { ...BUCKET, S3_ENDPOINT: undefined, S3_FORCE_PATH_STYLE: 'false' }],
    ['a prefix of folders', { ...BUCKET, S3_PREFIX: 'sites/writory/' }],
  ])('accepts %s', (_label, env) => {
    expect(objectStorageProblems(env)).toEqual([]);
  });

  it.each([
    ['an unknown storage', { FILE_STORAGE: 'disk' }, /FILE_STORAGE must be one of local, s3 \(got "disk"\)/],
    ['a bucket without a name', { ...BUCKET, S3_BUCKET: '' }, /FILE_STORAGE=s3 needs S3_BUCKET$/],
    [
      'a bucket without credentials',
      { ...BUCKET, S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined },
      /needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    ],
    ['an endpoint with a path', { ...BUCKET, S3_ENDPOINT: 'http://objectstore:8333/writory' }, /S3_ENDPOINT must be an http\(s\) origin/],
    ['an endpoint without a scheme', { ...BUCKET, S3_ENDPOINT: 'objectstore:8333' }, /S3_ENDPOINT must be an http\(s\) origin/],
    ['a yes/no path style', { ...BUCKET, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
    ['a prefix without its slash', { ...BUCKET, S3_PREFIX: 'writory' }, /S3_PREFIX must be folder names each ending in \//],
    ['a prefix climbing out', { ...BUCKET, S3_PREFIX: '../' }, /S3_PREFIX must be/],
  ])('refuses %s', (_label, env, problem) => {
    expect(objectStorageProblems(env).join('; ')).toMatch(problem);
  });
});

describe('s3Settings', () => {
  it('is null on local disk', () => {
    expect(s3Settings({})).toBeNull();
  });

  it('reads the bucket, and the client options and media folder follow from it', () => {
    const settings = s3Settings({ ...BUCKET, S3_PREFIX: 'site/' })!;
    expect(settings).toEqual({
      bucket: 'writory',
      endpoint: 'http://objectstore:8333',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'site/',
    });
    expect(s3ClientOptions(settings)).toEqual({
      region: 'us-east-1',
      endpoint: 'http://objectstore:8333',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(mediaRoot(settings)).toBe('site/uploads');
    expect(mediaRoot(s3Settings(BUCKET)!)).toBe('uploads');
  });

  it('throws what objectStorageProblems says', () => {
    expect(() => s3Settings({ ...BUCKET, S3_REGION: '' })).toThrow('FILE_STORAGE=s3 needs S3_REGION');
  });
});
