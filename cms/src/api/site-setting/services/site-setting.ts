import type { Core } from '@strapi/strapi';
import { COUNTER_FALLBACK, type SiteSettings } from '@writory/shared';

import { DEFAULT_SETTINGS } from '../lib/defaults';

const SOCIAL_FIELDS = [
  ['instagramUrl', 'Instagram'],
  ['facebookUrl', 'Facebook'],
  ['xUrl', 'X'],
  ['linkedinUrl', 'LinkedIn'],
  ['youtubeUrl', 'YouTube'],
] as const;

/** The contest rules admins may change (from /admin-settings); read by the cms, never trusted from a browser. */
export interface ContestSettings {
  contestTimeZone: string;
  maxEntriesPerMonth: number;
  judgesPerEntry: number;
  normaliseScores: boolean;
  /** Entry credits a poet bought serve every competition; otherwise each competition's credits serve it alone. */
  creditsShared: boolean;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async contestSettings(): Promise<ContestSettings> {
    const row = ((await strapi.documents('api::site-setting.site-setting').findFirst()) ?? {}) as Partial<ContestSettings>;
    return {
      contestTimeZone: row.contestTimeZone || DEFAULT_SETTINGS.contestTimeZone,
      maxEntriesPerMonth: row.maxEntriesPerMonth ?? DEFAULT_SETTINGS.maxEntriesPerMonth,
      judgesPerEntry: row.judgesPerEntry ?? DEFAULT_SETTINGS.judgesPerEntry,
      normaliseScores: row.normaliseScores ?? DEFAULT_SETTINGS.normaliseScores,
      creditsShared: row.creditsShared ?? DEFAULT_SETTINGS.creditsShared,
    };
  },

  async publicSettings(): Promise<SiteSettings> {
    const row = ((await strapi.documents('api::site-setting.site-setting').findFirst()) ?? DEFAULT_SETTINGS) as Record<string, string | null>;
    const count = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
    return {
      contactEmail: row.contactEmail ?? DEFAULT_SETTINGS.contactEmail,
      whatsappNumbers: [row.whatsappPrimary, row.whatsappSecondary].filter((n): n is string => Boolean(n)),
      socialLinks: SOCIAL_FIELDS.filter(([field]) => row[field]).map(([field, label]) => ({ label, url: row[field] as string })),
      counterFallback: { poets: count(row.poetsCountFallback, COUNTER_FALLBACK.poets), pieces: count(row.piecesCountFallback, COUNTER_FALLBACK.pieces) },
    };
  },
});
