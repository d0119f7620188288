// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import sitemap from '@astrojs/sitemap';
import writoryDirectives from './src/directives/index.mjs';
import localizedPages from './src/i18n/routes.mjs';
import catalogueParts from './src/i18n/catalogue-parts.mjs';

// The interface's locales (packages/shared/src/locales.ts says the same; a test keeps them equal).
const LOCALES = ['en', 'hi', 'ar'];

const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

// Pages that are for one person or for admins stay out of the sitemap.
const PRIVATE_PAGE =
  /\/(admin-[^/]*|certificate\/.*|profile|earnings|referrals|join|checkout-test|__\/auth\/action|email-verif[^/]*|password-reset-handler|not-found)\/?$/;

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  i18n: { locales: LOCALES, defaultLocale: 'en', routing: { prefixDefaultLocale: false } },
  integrations: [
    react(),
    writoryDirectives(),
    localizedPages({ locales: LOCALES, defaultLocale: 'en' }),
    sitemap({
      filter: (page) => !PRIVATE_PAGE.test(new URL(page).pathname.replace(/^\/(hi|ar)(?=\/|$)/, '') || '/'),
      i18n: { defaultLocale: 'en', locales: { en: 'en', hi: 'hi', ar: 'ar' } },
    }),
  ],
  server: { host: '127.0.0.1', port: 4321 },
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), catalogueParts()],
    server: { proxy: { '/api': cmsUrl, '/uploads': cmsUrl } },
  },
});
