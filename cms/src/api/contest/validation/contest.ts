// The boundary of /api/admin/contests*: parsed here before the contest service sees anything.
import { z } from 'zod';

export const monthParam = z.string().regex(/^(20\d{2})-(0[1-9]|1[0-2])$/, { error: 'month must look like YYYY-MM (e.g. 2026-11).' });

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time with its offset, e.g. 2026-11-25T23:59:00+05:30.` }).optional();

export const adminContestUpdate = z.strictObject(
  {
    theme: z
      .string({ error: 'theme must be text.' })
      .trim()
      .max(120, { error: 'theme must be at most 120 characters.' })
      .nullish()
      .transform((value) => (value ? value : value === undefined ? undefined : null)),
    opensAt: instant('opensAt'),
    closesAt: instant('closesAt'),
    resultsAt: instant('resultsAt'),
    normaliseScores: z.boolean({ error: 'normaliseScores must be true, false or null.' }).nullable().optional(),
    useDefaultDates: z.boolean().optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields cannot be changed here: ${issue.keys.join(', ')}.` : 'Send a JSON object.') },
);
