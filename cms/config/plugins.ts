import type { Core } from '@strapi/strapi';
import { secret } from '../src/config-guard';
import { mediaRoot, s3ClientOptions, s3Settings } from '../src/lib/object-storage';

/**
 * The media library's uploads: cms/public/uploads on local disk, or the FILE_STORAGE=s3 bucket under <S3_PREFIX>uploads/.
 * Bucket objects get no ACL (the bucket stays private); their URLs are /<S3_PREFIX>uploads/… on the cms, which
 * streams them from the bucket (src/middlewares/bucket-media.ts), so the object store is never exposed.
 */
function upload() {
  const bucket = s3Settings(process.env);
  if (!bucket) return {};
  return {
    upload: {
      config: {
        provider: 'aws-s3',
        providerOptions: {
          baseUrl: '/',
          rootPath: mediaRoot(bucket),
          s3Options: { ...s3ClientOptions(bucket), params: { Bucket: bucket.bucket, ACL: undefined } },
        },
      },
    },
  };
}

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  ...upload(),
  'users-permissions': {
    config: { jwtSecret: env('JWT_SECRET', secret(process.env, 'JWT_SECRET')) },
  },
  email: {
    config: {
      provider: 'nodemailer',
      providerOptions: {
        host: env('SMTP_HOST', '127.0.0.1'),
        port: env.int('SMTP_PORT', 1025),
        secure: env.bool('SMTP_SECURE', false),
        // STARTTLS is used whenever the server offers it (the local mail sink does not).
        requireTLS: env.bool('SMTP_REQUIRE_TLS', false),
        ...(env('SMTP_USERNAME') ? { auth: { user: env('SMTP_USERNAME'), pass: env('SMTP_PASSWORD') } } : {}),
      },
      settings: {
        defaultFrom: env('EMAIL_FROM', 'Writory <hello@writory.local>'),
        defaultReplyTo: env('EMAIL_REPLY_TO', 'hello@writory.local'),
      },
    },
  },
});
