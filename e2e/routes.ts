import { readdirSync } from 'node:fs';
import path from 'node:path';

// Every public route of the spec (section 2) with the heading a visitor sees. /profile is for signed-in
// poets (a visitor is sent to /auth); identity.spec.ts scans it signed in.
export const PUBLIC_ROUTES: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /Where every poem gets a fair reading/ },
  { path: '/terms', heading: /Terms/ },
  { path: '/privacy', heading: /Privacy/ },
  { path: '/email-verified', heading: /Email verified/i },
  { path: '/email-verification-handler', heading: /Verifying your email/i },
  { path: '/password-reset-handler', heading: /new password/i },
  { path: '/__/auth/action', heading: /Email action/i },
  { path: '/auth', heading: /Sign in/i },
  { path: '/writory-wall', heading: /Writory Wall/ },
  { path: '/winning-poems', heading: /Results|Winning/i },
  { path: '/leaderboard', heading: /Leaderboard/ },
  { path: '/past-winners', heading: /Past winners/i },
  { path: '/about', heading: /About/ },
  { path: '/contact', heading: /Contact/ },
  { path: '/articles', heading: /Articles/ },
  { path: '/earnings', heading: /Earnings/ },
  { path: '/referrals', heading: /Referrals/ },
  { path: '/join', heading: /invited/ },
  { path: '/submit', heading: /Submit/ },
  { path: '/not-found', heading: /not found/i },
];

/**
 * The pages a signed-in poet reads as their own, in their language (issue 39): the profile, entering, earnings,
 * referrals and the wall as they show to a poet, and the competitions' pages the spec's list leaves out.
 */
export const POET_PAGES = ['/profile', '/submit', '/earnings', '/referrals', '/writory-wall', '/competitions', '/competitions/poetry'];

/** The admin tools' pages: every `admin-*` page of site/src/pages. */
export const ADMIN_PAGES = readdirSync(path.resolve(__dirname, '../site/src/pages'))
  .filter((file) => /^admin-.*\.astro$/.test(file))
  .map((file) => `/${file.replace(/\.astro$/, '')}`)
  .sort();
