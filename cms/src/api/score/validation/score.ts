// The boundary of /api/judging*: a judge's scores, parsed before the score service sees them.
import { z } from 'zod';
import { CRITERIA, CRITERION_KEYS, CRITERION_MAX, RECUSAL_NOTE_MAX, SCORE_COMMENT_MAX } from '@writory/shared';

const criterion = (label: string) =>
  z
    .number({ error: `${label}: give a whole number from 0 to ${CRITERION_MAX}.` })
    .int({ error: `${label}: give a whole number from 0 to ${CRITERION_MAX}.` })
    .min(0, { error: `${label}: give a whole number from 0 to ${CRITERION_MAX}.` })
    .max(CRITERION_MAX, { error: `${label}: give a whole number from 0 to ${CRITERION_MAX}.` });

export const scoreInput = z.strictObject(
  {
    ...(Object.fromEntries(CRITERION_KEYS.map((key) => [key, criterion(CRITERIA[key])])) as Record<(typeof CRITERION_KEYS)[number], ReturnType<typeof criterion>>),
    comment: z
      .string({ error: 'The comment must be text.' })
      .trim()
      .max(SCORE_COMMENT_MAX, { error: `The comment must be at most ${SCORE_COMMENT_MAX} characters.` })
      .nullish()
      .transform((value) => value || null),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : 'Send the five scores as a JSON object.') },
);

export type ParsedScore = z.infer<typeof scoreInput>;

/** POST /api/judging/entries/{code}/recuse: an optional private note for the admins. */
export const recusalInput = z.strictObject(
  {
    note: z
      .string({ error: 'The note must be text.' })
      .trim()
      .max(RECUSAL_NOTE_MAX, { error: `The note must be at most ${RECUSAL_NOTE_MAX} characters.` })
      .nullish()
      .transform((value) => value || null),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : 'Send the recusal as a JSON object.') },
);

/** PUT /api/judging/entries/{code}/judges: the entry's judges, by uid. */
export const judgesInput = z.strictObject(
  {
    judges: z
      .array(z.string({ error: 'Each judge is given by their uid.' }).trim().min(1, { error: 'Each judge is given by their uid.' }).max(128), {
        error: 'Give the judges as a list of uids.',
      })
      .max(10, { error: 'An entry has at most 10 judges.' })
      .refine((uids) => new Set(uids).size === uids.length, { error: 'A judge is listed twice.' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : 'Send { "judges": [uid, …] }.') },
);
