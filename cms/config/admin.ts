import type { Core } from '@strapi/strapi';
import { secret } from '../src/config-guard';
import { ADMIN_LOGIN_LIMIT } from '../src/lib/admin-login-limit';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  auth: { secret: env('ADMIN_JWT_SECRET', secret(process.env, 'ADMIN_JWT_SECRET')) },
  apiToken: { salt: env('API_TOKEN_SALT', secret(process.env, 'API_TOKEN_SALT')) },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', secret(process.env, 'TRANSFER_TOKEN_SALT')) } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', secret(process.env, 'ENCRYPTION_KEY')) },
  rateLimit: { max: ADMIN_LOGIN_LIMIT.max, interval: { min: ADMIN_LOGIN_LIMIT.windowMinutes } },
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
  flags: { nps: false, promoteEE: false },
  autoOpen: false,
  watchIgnoreFiles: ['**/tests/**', '**/.tmp/**'],
});
