// Admin operations and analytics: visit tracking, users, contact messages, feedback, email reminders, settings.
import type { RoleType } from './wire.ts';

// ---- Visit tracking ----------------------------------------------------------------------------------------

export const VISIT_USER_TYPES = ['logged-in', 'anonymous'] as const;
export type VisitUserType = (typeof VISIT_USER_TYPES)[number];
export const VISIT_DEVICES = ['mobile', 'desktop'] as const;
export type VisitDevice = (typeof VISIT_DEVICES)[number];
/** The largest tracking body accepted, in bytes (a visit is a few hundred). */
export const MAX_VISIT_BYTES = 4096;
/** The longest from–to range of the admin's visit and feedback views, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;

/** Admin pages (/admin-…): tracked only for signed-in visitors. */
export const isAdminPath = (path: string) => /^\/admin(-|\/|$)/.test(path);

export type TrackVisitAnswer = { success: true } | { success: false; error: string };

/** GET /api/admin/visits/summary?from=YYYY-MM-DD&to=YYYY-MM-DD: days are days in the contest time zone. */
export interface VisitSummary {
  from: string;
  to: string;
  timeZone: string;
  totals: { visits: number; uniqueVisitors: number };
  days: { day: string; visits: number; uniqueVisitors: number }[];
  topPages: { page: string; visits: number }[];
  devices: Record<VisitDevice, number>;
  userTypes: Record<VisitUserType, number>;
  /** Distinct visitors seen in the last 5 minutes (whatever the range). */
  activeNow: number;
  generatedAt: string;
}

// ---- Users ---------------------------------------------------------------------------------------------------

export const ROLE_LABELS: Record<RoleType, string> = { authenticated: 'Poet', judge: 'Judge', moderator: 'Moderator', admin: 'Admin' };
export const ROLE_TYPES = Object.keys(ROLE_LABELS) as RoleType[];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Entry filter of the user lists: poets with or without an entry in the current contest month. */
export const ENTRY_FILTERS = ['entered-this-month', 'not-entered-this-month'] as const;
export type EntryFilter = (typeof ENTRY_FILTERS)[number];

export interface AdminUser {
  uid: string;
  email: string | null;
  name: string | null;
  phone: string | null;
  country: string | null;
  role: RoleType;
  emailVerified: boolean;
  status: UserStatus;
  suspendedAt: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  entries: number;
  entriesThisMonth: number;
  remindersOptOut: boolean;
  /** Made an admin by ADMIN_EMAILS: the role cannot be changed here, only in that setting. */
  adminByEmail: boolean;
}

export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

/** GET /api/admin/users (and the same filters on /api/admin/users/export, as CSV). */
export interface AdminUserPage {
  users: AdminUser[];
  pagination: Pagination;
  /** The contest month the entry counts and filter are about (YYYY-MM). */
  month: string;
}

// ---- Contact messages and feedback -----------------------------------------------------------------------------

export interface AdminContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  readAt: string | null;
}

export interface AdminContactPage {
  messages: AdminContactMessage[];
  pagination: Pagination;
  unread: number;
}

export interface AdminFeedback {
  id: string;
  rating: number;
  comment: string;
  page: string | null;
  createdAt: string;
  poet: { uid: string; name: string | null; email: string | null } | null;
}

export interface AdminFeedbackPage {
  feedback: AdminFeedback[];
  pagination: Pagination;
  /** Over every item matching the filters, not only this page. */
  stats: { count: number; average: number | null; byRating: Record<'1' | '2' | '3' | '4' | '5', number> };
}

// ---- Email reminders -------------------------------------------------------------------------------------------

export const REMINDER_AUDIENCES = {
  'verified-poets': 'All verified poets',
  'not-entered-this-month': 'Poets without an entry this month',
  'entered-this-month': 'This month’s entrants',
} as const;
export type ReminderAudience = keyof typeof REMINDER_AUDIENCES;

/** GET /api/admin/reminders/audiences: how many poets each audience reaches now (opted-out poets left out). */
export interface ReminderAudienceCounts {
  month: string;
  audiences: { id: ReminderAudience; label: string; count: number }[];
}

/** POST /api/admin/reminders/preview: who gets the reminder and the email exactly as the first of them gets it. */
export interface ReminderPreview {
  audience: ReminderAudience;
  month: string;
  recipients: number;
  /** The first recipients (at most 10), in sending order. */
  sample: { name: string | null; email: string }[];
  email: { to: string; subject: string; text: string; html: string };
}

export type ReminderStatus = 'sending' | 'sent' | 'failed' | 'interrupted';

export interface ReminderRecord {
  id: string;
  subject: string;
  body: string;
  audience: ReminderAudience;
  month: string;
  status: ReminderStatus;
  recipients: number;
  sent: number;
  failed: number;
  /** The first failures (address and reason), at most 100. */
  failures: { email: string; error: string }[];
  sentBy: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** GET/PUT /api/users/me/reminders: a poet's choice about reminder emails. */
export interface ReminderPreference {
  optedOut: boolean;
}

// ---- Settings --------------------------------------------------------------------------------------------------

/** GET/PUT /api/admin/settings: every site setting (PUT takes any subset; '' or null clears an optional one). */
export interface AdminSettings {
  contactEmail: string;
  whatsappPrimary: string | null;
  whatsappSecondary: string | null;
  instagramUrl: string | null;
  facebookUrl: string | null;
  xUrl: string | null;
  linkedinUrl: string | null;
  youtubeUrl: string | null;
  /** Shown in the hero counters when the live counts cannot be read. */
  poetsCountFallback: number;
  piecesCountFallback: number;
  contestTimeZone: string;
  maxEntriesPerMonth: number;
  judgesPerEntry: number;
  normaliseScores: boolean;
  /** Entry credits serve every competition (true) or only the competition they were bought for (false, the default). */
  creditsShared: boolean;
}
