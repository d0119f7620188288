import { GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Context, Next } from 'koa';
import type { Readable } from 'node:stream';
import { mediaRoot, s3ClientOptions, s3Settings } from '../lib/object-storage';

/** A media library file's key: its folder and a Strapi file name (letters, digits, _ - . only), never "..". */
const MEDIA_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * With FILE_STORAGE=s3 the media library's public files sit in the private bucket under <S3_PREFIX>uploads/;
 * this answers GET/HEAD of /<S3_PREFIX>uploads/<file> from there, as strapi::public answers /uploads from disk. Only
 * that folder: private files (entries/, entry-photos/) are never reachable here. Does nothing on local disk.
 */
export default () => {
  const settings = s3Settings(process.env);
  if (!settings) return async (_ctx: Context, next: Next) => next();
  const client = new S3Client(s3ClientOptions(settings));
  const root = `/${mediaRoot(settings)}/`;
  return async (ctx: Context, next: Next) => {
    if (!['GET', 'HEAD'].includes(ctx.method) || !ctx.path.startsWith(root)) return next();
    const name = ctx.path.slice(root.length);
    if (!MEDIA_NAME.test(name) || name.split('/').some((part) => part.includes('..'))) return next();
    const where = { Bucket: settings.bucket, Key: ctx.path.slice(1) };
    try {
      const object = ctx.method === 'HEAD' ? await client.send(new HeadObjectCommand(where)) : await client.send(new GetObjectCommand(where));
      ctx.status = 200;
      if ('Body' in object) ctx.body = object.Body as Readable;
      ctx.type = object.ContentType ?? 'application/octet-stream';
      if (object.ContentLength !== undefined) ctx.length = object.ContentLength;
      if (object.ETag) ctx.set('ETag', object.ETag);
      ctx.set('Cache-Control', 'public, max-age=3600');
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return next();
      throw error;
    }
  };
};
