import { COUNTER_FALLBACK } from '@writory/shared';

/** The site settings before an admin changes them (and what the seed writes). */
export const DEFAULT_SETTINGS = {
  contactEmail: 'hello@writory.local',
  whatsappPrimary: '+91 90000 00001',
  whatsappSecondary: '+91 90000 00002',
  instagramUrl: 'https://instagram.com/writory',
  facebookUrl: 'https://facebook.com/writory',
  xUrl: 'https://x.com/writory',
  linkedinUrl: 'https://linkedin.com/company/writory',
  youtubeUrl: 'https://youtube.com/@writory',
  poetsCountFallback: COUNTER_FALLBACK.poets,
  piecesCountFallback: COUNTER_FALLBACK.pieces,
  contestTimeZone: 'Asia/Kolkata',
  maxEntriesPerMonth: 3,
  judgesPerEntry: 2,
  normaliseScores: false,
  creditsShared: false,
};
