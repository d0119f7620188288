// The requests of /api/entries*, /api/judging* and /api/admin/contests*.
import { z } from 'zod/mini';
import {
  CONTACT_PHONE_PATTERN,
  CRITERIA,
  NAME_IN_SCRIPT_MAX,
  CRITERION_KEYS,
  DECLARATION_KEYS,
  DECLARATIONS,
  RECUSAL_NOTE_MAX,
  SCORE_COMMENT_MAX,
  type CriterionKey,
} from '../entries.ts';
import { isCountryCode } from '../countries.ts';
import { withoutBidiControls } from '../text-safety.ts';

// One-line fields (title, language, name): bidi controls go, so no text can pose as another.
const text = (label: string, max: number, required: string) =>
  z
    .string({ error: required })
    .check(
      z.overwrite(withoutBidiControls),
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(max, { error: `${label} must be at most ${max} characters.` }),
    );

/**
 * The poet's name as written in the poem's own script (optional; asked when the poem is not in Latin letters):
 * one more form of the name removed from what judges read. An empty field is no name.
 */
const nameInScript = z.pipe(
  z.optional(
    z
      .string({ error: 'The name in your poem’s script must be text.' })
      .check(
        z.overwrite(withoutBidiControls),
        z.trim(),
        z.maxLength(NAME_IN_SCRIPT_MAX, { error: `The name in your poem’s script must be at most ${NAME_IN_SCRIPT_MAX} characters.` }),
      ),
  ),
  z.transform((value: string | undefined) => value || undefined),
);

/** The fields of the entry form a poet types (the multipart body of POST /api/entries carries them as text). */
export const entryFormFields = z.object({
  title: text('The title', 160, 'Give your poem a title.'),
  language: text('The language', 64, 'Say which language the poem is in.'),
  fullName: text('Full name', 120, 'Enter your full name.').check(z.refine((name) => [...name].length >= 2, { error: 'Enter your full name.' })),
  phone: z.string({ error: 'Enter your phone number.' }).check(
    z.trim(),
    z.refine((value) => CONTACT_PHONE_PATTERN.test(value), {
      error: 'Enter a phone number such as +91 90000 00000 (6 to 20 digits, spaces, brackets or dashes).',
    }),
  ),
  country: z
    .string({ error: 'Choose your country.' })
    .check(z.trim(), z.toUpperCase(), z.refine(isCountryCode, { error: 'Choose your country from the list.' })),
  nameInScript,
});

/** POST /api/entries/preview: the names the preview hides come from the contact fields, when given. */
export const previewFields = z.object({
  /** The language chosen on the form, when sent: a competition that takes only some languages checks it first. */
  language: z.optional(z.string().check(z.overwrite(withoutBidiControls), z.trim(), z.maxLength(64))),
  fullName: z.optional(z.string().check(z.overwrite(withoutBidiControls), z.trim(), z.maxLength(120))),
  phone: z.optional(z.string().check(z.trim(), z.maxLength(20))),
  nameInScript,
});

/** POST /api/entries: every field of the form; declarations is a comma-separated list of the ticked keys. */
export const entryFields = z.extend(entryFormFields, {
  declarations: z.pipe(
    z
      .pipe(
        z.string({ error: 'Tick every declaration.' }),
        z.transform((value: string) => new Set(value.split(',').map((key) => key.trim()))),
      )
      .check(
        z.superRefine((ticked, ctx) => {
          for (const key of DECLARATION_KEYS) {
            if (!ticked.has(key)) ctx.addIssue({ code: 'custom', message: `Tick the declaration: “${DECLARATIONS[key]}”`, path: [] });
          }
        }),
      ),
    z.transform(() => Object.fromEntries(DECLARATION_KEYS.map((key) => [key, DECLARATIONS[key]])) as Record<string, string>),
  ),
  confirmedTextSha256: z
    .string({ error: 'Check the text we extracted from your file, then confirm it.' })
    .check(z.regex(/^[a-f0-9]{64}$/, { error: 'Check the text we extracted from your file, then confirm it.' })),
});
export type EntryFields = z.output<typeof entryFields>;

const MARK_HINT = 'give each mark as a whole number of points';

/**
 * Before issue 37 a score was sent as the five poetry criteria's keys ({ structure, creativity, … }): those
 * still arrive as marks by the criteria's names, so older clients keep working on poetry.
 */
function legacyMarks(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input) || 'marks' in input) return input;
  const body = input as Record<string, unknown>;
  if (!CRITERION_KEYS.some((key) => key in body)) return input;
  const marks: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((CRITERION_KEYS as string[]).includes(key)) marks[CRITERIA[key as CriterionKey]] = value;
    else rest[key] = value;
  }
  return { ...rest, marks };
}

/**
 * POST /api/judging/entries/{code}/scores: one mark per criterion of the entry's competition, keyed by the
 * criterion's name ({ "marks": { "Plot": 17, "Character": 15, … } }). Which names and maxima is the server's
 * check against the contest's criteria (a 422 naming the criterion); here only the shape.
 */
export const scoreInput = z.pipe(
  z.transform(legacyMarks),
  z.strictObject(
    {
      marks: z.record(
        z.string().check(z.maxLength(80, { error: 'a criterion name is at most 80 characters' })),
        z.number({ error: MARK_HINT }).check(z.int({ error: MARK_HINT })),
        { error: 'Send marks as an object of criterion name to points, such as { "Plot": 17 }.' },
      ),
      comment: z.pipe(
        z.nullish(
          z
            .string({ error: 'The comment must be text.' })
            .check(z.trim(), z.maxLength(SCORE_COMMENT_MAX, { error: `The comment must be at most ${SCORE_COMMENT_MAX} characters.` })),
        ),
        z.transform((value: string | null | undefined) => value || null),
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown fields: ${issue.keys.join(', ')}.`
          : 'Send the marks as a JSON object: { "marks": { "<criterion>": points } }.',
    },
  ),
);
/** What the site sends (the legacy five keys are for older clients only). */
export type ScoreInput = { marks: Record<string, number>; comment?: string | null };

/** POST /api/judging/entries/{code}/recuse: an optional private note for the admins. */
export const recusalInput = z.strictObject(
  {
    note: z.pipe(
      z.nullish(
        z
          .string({ error: 'The note must be text.' })
          .check(z.trim(), z.maxLength(RECUSAL_NOTE_MAX, { error: `The note must be at most ${RECUSAL_NOTE_MAX} characters.` })),
      ),
      z.transform((value: string | null | undefined) => value || null),
    ),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : 'Send the recusal as a JSON object.') },
);

/** PUT /api/judging/entries/{code}/judges: the entry's judges, by uid. */
export const judgesInput = z.strictObject(
  {
    judges: z
      .array(
        z
          .string({ error: 'Each judge is given by their uid.' })
          .check(z.trim(), z.minLength(1, { error: 'Each judge is given by their uid.' }), z.maxLength(128)),
        {
          error: 'Give the judges as a list of uids.',
        },
      )
      .check(
        z.maxLength(10, { error: 'An entry has at most 10 judges.' }),
        z.refine((uids) => new Set(uids).size === uids.length, { error: 'A judge is listed twice.' }),
      ),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : 'Send { "judges": [uid, …] }.') },
);

/** A contest month in a path: YYYY-MM. */
export const monthParam = z.string().check(z.regex(/^(20\d{2})-(0[1-9]|1[0-2])$/, { error: 'month must look like YYYY-MM (e.g. 2026-11).' }));

const instant = (field: string) =>
  z.optional(z.iso.datetime({ offset: true, error: `${field} must be a date and time with its offset, e.g. 2026-11-25T23:59:00+05:30.` }));

/** PUT /api/admin/contests/{month}: any of these; useDefaultDates puts the calendar dates back. */
export const adminContestUpdate = z.strictObject(
  {
    theme: z.pipe(
      z.nullish(z.string({ error: 'theme must be text.' }).check(z.trim(), z.maxLength(120, { error: 'theme must be at most 120 characters.' }))),
      z.transform((value: string | null | undefined) => (value ? value : value === undefined ? undefined : null)),
    ),
    opensAt: instant('opensAt'),
    closesAt: instant('closesAt'),
    resultsAt: instant('resultsAt'),
    normaliseScores: z.optional(z.nullable(z.boolean({ error: 'normaliseScores must be true, false or null.' }))),
    useDefaultDates: z.optional(z.boolean()),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields cannot be changed here: ${issue.keys.join(', ')}.` : 'Send a JSON object.') },
);
export type AdminContestUpdate = z.input<typeof adminContestUpdate>;
