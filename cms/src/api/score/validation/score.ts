// The boundary of /api/judging*: a judge's scores, parsed before the score service sees them.
import { z } from 'zod';
import { CRITERIA, CRITERION_KEYS, CRITERION_MAX, SCORE_COMMENT_MAX } from '@writory/shared';

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
