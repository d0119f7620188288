import type { Core } from '@strapi/strapi';
import { secret } from '../src/config-guard';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
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
