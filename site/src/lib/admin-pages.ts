// Every admin route of the spec, with its English navigation label and what it is for (the page's language:
// lib/admin-words.ts).
import type { RoleType } from '@writory/shared';

export interface AdminPage {
  slug: string;
  label: string;
  purpose: string;
  /** Who may open it (the server checks again); admins only when not given. */
  roles?: RoleType[];
}

export const ADMIN_PAGES: AdminPage[] = [
  { slug: 'admin-visit-tracking', label: 'Visit tracking', purpose: 'Visits, unique visitors, top pages and devices over time.' },
  { slug: 'admin-competitions', label: 'Competitions', purpose: 'Create and change competitions: what they take, languages, criteria and limits.' },
  { slug: 'admin-submissions', label: 'Judging', purpose: 'Score this month’s entries blind on the five criteria.', roles: ['judge', 'admin'] },
  { slug: 'admin-submission-data', label: 'Submission data', purpose: 'Every entry of a contest in one table, with CSV export.' },
  { slug: 'admin-upload', label: 'Publish results', purpose: 'Upload or publish scores now or at a scheduled time.' },
  { slug: 'admin-leaderboard-upload', label: 'Leaderboard import', purpose: 'Import historical leaderboard rows from CSV.' },
  { slug: 'admin-participation-certificate', label: 'Participation certificates', purpose: 'Preview and issue participation certificates for a month.' },
  { slug: 'admin-winner-certificate', label: 'Winner certificates', purpose: 'Preview and issue certificates for each month’s winners.' },
  { slug: 'admin-wall-moderation', label: 'Wall moderation', purpose: 'Approve, reject, hide and restore Writory Wall posts.', roles: ['admin', 'moderator'] },
  { slug: 'admin-upload-articles', label: 'Write an article', purpose: 'Write and publish a Writory article without opening the cms.' },
  { slug: 'admin-users', label: 'Users', purpose: 'Search users, change roles, suspend and restore accounts.' },
  { slug: 'admin-users-data', label: 'User data', purpose: 'All users in a filterable table with CSV export.' },
  { slug: 'admin-contacts', label: 'Contact messages', purpose: 'Messages sent through the contact form.' },
  { slug: 'admin-feedback', label: 'Feedback', purpose: 'Ratings and comments poets send from the site.' },
  { slug: 'admin-email-reminder', label: 'Email reminders', purpose: 'Write a reminder and send it to an audience of poets.' },
  { slug: 'admin-tier-prices', label: 'Tier prices', purpose: 'Entry tiers and their price in each currency.' },
  { slug: 'admin-coupon-codes', label: 'Coupon codes', purpose: 'Discount codes, their limits and usage.' },
  { slug: 'admin-revenue-report', label: 'Revenue report', purpose: 'Revenue by day, month, tier, coupon and currency.' },
  { slug: 'admin-withdrawal-management', label: 'Withdrawals', purpose: 'Approve, pay or reject poets’ payout requests.' },
  { slug: 'admin-settings', label: 'Settings', purpose: 'Contest time zone, dates, limits and contact details.' },
];

/** Who may open a page: its roles, or admins only. */
export const rolesOf = (page: AdminPage): RoleType[] => page.roles ?? ['admin'];

/** The staff pages a role may open, in navigation order (none for poets). */
export const pagesFor = (role: RoleType | null | undefined): AdminPage[] => (role ? ADMIN_PAGES.filter((page) => rolesOf(page).includes(role)) : []);

/** The admin page at a path such as "/admin-users/", if it is one. */
export const pageAt = (pathname: string): AdminPage | undefined => ADMIN_PAGES.find((page) => pathname.replace(/^\/|\/$/g, '') === page.slug);
