/** The site's public origin without a trailing slash: PUBLIC_SITE_URL, else the first CORS origin. */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  const site = env.PUBLIC_SITE_URL || (env.CORS_ORIGINS ?? '').split(',')[0]?.trim() || 'http://localhost:4321';
  return site.replace(/\/+$/, '');
}
