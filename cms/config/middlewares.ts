import type { Core } from '@strapi/strapi';
import { ADMIN_LOGIN_LIMIT } from '../src/lib/admin-login-limit';

export default ({ env }: Core.Config.Shared.ConfigParams) => [
  // The reader's language for every message of this request (Accept-Language, then the signed-in profile's).
  'global::request-locale',
  // Who the client is, before anything reads ctx.request.ip: forwarding headers count only from TRUSTED_PROXIES.
  { name: 'global::client-address', config: { trustedProxies: env.array('TRUSTED_PROXIES', ['loopback']) } },
  { name: 'global::retry-after', config: { fallbackSeconds: ADMIN_LOGIN_LIMIT.windowMinutes * 60 } },
  // Server errors and slow requests only (SLOW_REQUEST_MS, default 1000), not a line per request: nginx keeps the
  // access log (src/middlewares/request-log.ts, docs/operations.md).
  { name: 'global::request-log', config: { slowMs: env.int('SLOW_REQUEST_MS', 1000) } },
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'media-src': ["'self'", 'data:', 'blob:'], 'frame-ancestors': ["'none'"] },
      },
      // Nothing of the cms (API answers, uploads, the panel) is ever shown in a frame.
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    },
  },
  {
    name: 'strapi::cors',
    config: {
      origin: env.array('CORS_ORIGINS', ['http://localhost:4321', 'http://127.0.0.1:4321']),
      credentials: true,
      headers: ['Content-Type', 'Authorization', 'user-uid', 'x-user-email', 'x-email-verified', 'Idempotency-Key'],
    },
  },
  'strapi::poweredBy',
  'strapi::query',
  // The hot reads go straight to their route from here (what they skip and why: src/middlewares/hot-reads.ts): the
  // signed-in profile, bell and entries, and the wall's pages, searches and Following tab (issue 40).
  {
    name: 'global::hot-reads',
    config: { paths: ['/api/users/me', '/api/notifications', '/api/entries/mine', '/api/wall/posts', '/api/follows/poems'] },
  },
  // A poem sent while the checking queue is full is answered 503 before its body is read (src/middlewares/poem-queue.ts).
  { name: 'global::poem-queue', config: { paths: ['/api/entries', '/api/entries/preview'] } },
  {
    name: 'strapi::body',
    config: {
      // Only these paths also keep the raw body (src/lib/raw-body.ts): the Stripe webhook's signature covers its bytes.
      rawBodyPaths: ['/api/payments/webhook'],
      jsonLimit: '256kb',
      formLimit: '256kb',
      textLimit: '256kb',
      // A ceiling for any multipart file (the panel's media library included); routes set tighter limits.
      // Each file's SHA-256 is taken while it arrives (file.hash): an entry's idempotent replay compares it
      // without reading the file again on the request thread.
      formidable: { maxFileSize: env.int('MAX_UPLOAD_BYTES', 25 * 1024 * 1024), hashAlgorithm: 'sha256' },
    },
  },
  'strapi::session',
  'strapi::favicon',
  // FILE_STORAGE=s3: the media library's files from the bucket (nothing on local disk, where strapi::public serves them).
  'global::bucket-media',
  'strapi::public',
];
