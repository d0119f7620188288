// Competitions (issue 37): Writory runs several competitions side by side, each with its own monthly contests.
// The wire shapes of /api/competitions*, /api/admin/competitions*, /api/judging/languages,
// /api/admin/users/:uid/judge-languages and /api/admin/judge-coverage, and the languages the site offers.
import { z } from 'zod/mini';
import { CRITERIA_MAX_COUNT, CRITERIA_TOTAL, criteriaTotal, DEFAULT_COMPETITION, languageCode } from './competition-names.ts';

// The names and languages the pages read without the schemas below: a page importing them does not bring zod.
export {
  COMPETITION_SLUGS,
  competitionContestTitle,
  competitionTitle,
  CRITERIA_MAX_COUNT,
  CRITERIA_TOTAL,
  criteriaTotal,
  DEFAULT_COMPETITION,
  LANGUAGES,
  type LanguageCode,
  languageCode,
  languageName,
  POETRY_CRITERIA,
  REGIONAL_LANGUAGE_CODES,
  STORY_CRITERIA,
  STORY_MAX_WORDS_DEFAULT,
} from './competition-names.ts';

export const COMPETITION_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const COMPETITION_SLUG_MAX = 40;
export const COMPETITION_NAME_MAX = 80;
export const COMPETITION_TAGLINE_MAX = 200;
export const COMPETITION_DESCRIPTION_MAX = 20_000;
export const COMPETITION_REWARDS_MAX = 2_000;
export const CRITERION_NAME_MAX = 40;
export const COMPETITION_MAX_WORDS = { min: 100, max: 20_000 } as const;
export const COMPETITION_FREE_ENTRIES_MAX = 10;
export const JUDGE_LANGUAGES_MAX = 30;
export const COMPETITION_LANGUAGES_MAX = 60;

/** Whether `value` can be a competition's slug (lower-case letters and digits in words joined by single dashes). */
export function isCompetitionSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= COMPETITION_SLUG_MAX && COMPETITION_SLUG_PATTERN.test(value);
}

const SLUG_HINT = `must be lower-case letters and digits in words joined by single dashes (such as "regional-languages"), at most ${COMPETITION_SLUG_MAX} characters`;
export const competitionSlugSchema = z.string({ error: SLUG_HINT }).check(z.refine(isCompetitionSlug, { error: SLUG_HINT }));

export const COMPETITION_KINDS = ['poem', 'story'] as const;
export const competitionKindSchema = z.enum(COMPETITION_KINDS, { error: 'must be "poem" or "story"' });
export type CompetitionKind = z.output<typeof competitionKindSchema>;

/** One judging criterion: its name and the points it is scored out of. */
export const criterionSchema = z.object({
  name: z
    .string({ error: 'a criterion needs a name' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'a criterion needs a name' }),
      z.maxLength(CRITERION_NAME_MAX, { error: `a criterion's name must be at most ${CRITERION_NAME_MAX} characters` }),
    ),
  max: z
    .number({ error: 'a criterion is scored out of a whole number of points from 1 to 100' })
    .check(
      z.int({ error: 'a criterion is scored out of a whole number of points from 1 to 100' }),
      z.gte(1, { error: 'a criterion is scored out of a whole number of points from 1 to 100' }),
      z.lte(CRITERIA_TOTAL, { error: 'a criterion is scored out of a whole number of points from 1 to 100' }),
    ),
});
export type Criterion = z.output<typeof criterionSchema>;

/** 1 to 8 criteria with different names, whose points total 100. */
export const criteriaSchema = z.array(criterionSchema).check(
  z.minLength(1, { error: 'give at least one criterion' }),
  z.maxLength(CRITERIA_MAX_COUNT, { error: `give at most ${CRITERIA_MAX_COUNT} criteria` }),
  z.superRefine((criteria, ctx) => {
    const total = criteriaTotal(criteria);
    if (total !== CRITERIA_TOTAL) {
      ctx.addIssue({ code: 'custom', input: criteria, message: `the criteria's points must total ${CRITERIA_TOTAL} (they total ${total})` });
    }
    const names = criteria.map((criterion) => criterion.name.toLocaleLowerCase('en'));
    const repeated = names.find((name, index) => names.indexOf(name) !== index);
    if (repeated !== undefined) ctx.addIssue({ code: 'custom', input: criteria, message: `each criterion needs its own name ("${repeated}" is given twice)` });
  }),
);

const LANGUAGE_HINT = 'each language must be a language code such as en, hi, ta or ur';
const languageCodeSchema = z.pipe(
  z.string({ error: LANGUAGE_HINT }).check(z.maxLength(35, { error: LANGUAGE_HINT })),
  z.transform((value: string, ctx) => {
    const code = languageCode(value);
    if (!code) {
      ctx.issues.push({ code: 'custom', message: LANGUAGE_HINT, input: value });
      return z.NEVER;
    }
    return code;
  }),
);
/** A list of language codes, each once (codes canonical and lower-case; names such as "Hindi" read as their code). */
const languageList = (max: number) =>
  z.pipe(
    z.array(languageCodeSchema).check(z.maxLength(max, { error: `give at most ${max} languages` })),
    z.transform((codes: string[]) => [...new Set(codes)]),
  );

export const CONTEST_STATUSES = ['upcoming', 'open', 'judging', 'published'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];
const isoInstant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), { error: 'must be an ISO date and time' }));
const month = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month written YYYY-MM' }));

/** A competition's contest of this month (or the next to open), as the competition's pages show it. */
export const competitionContestSchema = z.object({
  month,
  theme: z.nullable(z.string()),
  opensAt: isoInstant,
  closesAt: isoInstant,
  resultsAt: isoInstant,
  status: z.enum(CONTEST_STATUSES),
});
export type CompetitionContest = z.output<typeof competitionContestSchema>;

/** One row of GET /api/competitions (`{ data: CompetitionSummary[] }`, ordered by position). */
export const competitionSummarySchema = z.object({
  slug: competitionSlugSchema,
  name: z.string().check(z.minLength(1), z.maxLength(COMPETITION_NAME_MAX)),
  kind: competitionKindSchema,
  tagline: z.string().check(z.maxLength(COMPETITION_TAGLINE_MAX)),
  /** Language codes the competition takes; empty: any language. */
  languages: z.array(z.string()),
  criteria: criteriaSchema,
  limits: z.object({
    maxWords: z.nullable(z.number()),
    maxBytes: z.number(),
    freeEntriesPerMonth: z.number(),
  }),
  current: z.nullable(competitionContestSchema),
});
export type CompetitionSummary = z.output<typeof competitionSummarySchema>;
export const competitionListSchema = z.object({ data: z.array(competitionSummarySchema) });
export type CompetitionList = z.output<typeof competitionListSchema>;

/** GET /api/competitions/:slug (404 JSON for an unknown slug). */
export const competitionDetailSchema = z.extend(competitionSummarySchema, {
  /** Plain text or markdown the editors write in the Strapi panel. */
  description: z.string(),
  rewards: z.string(),
  /** Months ('YYYY-MM') whose results are published, newest first. */
  pastMonths: z.array(month),
  /** False: taken off /submit and the footer (its page stays, so older links keep working). */
  active: z.boolean(),
});
export type CompetitionDetail = z.output<typeof competitionDetailSchema>;

/** One row of GET /api/admin/competitions (`{ data: AdminCompetitionSummary[] }`): every competition, inactive ones too. */
export interface AdminCompetitionSummary extends CompetitionSummary {
  active: boolean;
}
export interface AdminCompetitionList {
  data: AdminCompetitionSummary[];
}

/** PUT /api/admin/competitions/:slug: the competition as saved, and what happened to contests being judged. */
export interface SavedCompetition extends CompetitionDetail {
  /** Set when new criteria do not reach contests whose judging has started (they keep theirs); else null. */
  criteriaNotice: string | null;
}

/** How rows that belong to a competition (entries, results, certificates, winners) name it. */
export interface CompetitionRef {
  slug: string;
  name: string;
}

const line = (label: string, max: number, { required = true } = {}) =>
  z.string({ error: `${label} must be text` }).check(
    z.trim(),
    z.refine((value) => !required || value.length > 0, { error: `${label} is required` }),
    z.maxLength(max, { error: `${label} must be at most ${max.toLocaleString('en')} characters` }),
    z.refine((value) => !/[\u0000-\u001F\u007F-\u009F]/.test(value), { error: `${label} cannot contain line breaks or control characters` }),
  );
const longText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).check(
    z.overwrite((value: string) => value.normalize('NFC').replace(/\r\n?/g, '\n').trim()),
    z.maxLength(max, { error: `${label} must be at most ${max.toLocaleString('en')} characters` }),
  );
const wholeNumber = (label: string, min: number, max: number) => {
  const error = `${label} must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`;
  return z.number({ error }).check(z.int({ error }), z.gte(min, { error }), z.lte(max, { error }));
};

/** POST /api/admin/competitions and PUT /api/admin/competitions/:slug: a competition as the admin writes it. */
export const competitionInputSchema = z.strictObject(
  {
    slug: competitionSlugSchema,
    name: line('The name', COMPETITION_NAME_MAX),
    kind: competitionKindSchema,
    tagline: line('The tagline', COMPETITION_TAGLINE_MAX, { required: false }),
    description: z.optional(longText('The description', COMPETITION_DESCRIPTION_MAX)),
    /** Empty: any language. */
    languages: languageList(COMPETITION_LANGUAGES_MAX),
    criteria: criteriaSchema,
    /** Null: no word limit (poems); a story's limit is 100 to 20,000 words. */
    maxWords: z.nullable(wholeNumber('The word limit', COMPETITION_MAX_WORDS.min, COMPETITION_MAX_WORDS.max)),
    freeEntriesPerMonth: wholeNumber('Free entries a month', 0, COMPETITION_FREE_ENTRIES_MAX),
    rewards: z.optional(longText('The rewards', COMPETITION_REWARDS_MAX)),
    position: z.optional(wholeNumber('The position', 0, 1_000)),
    active: z.boolean({ error: 'active must be true or false' }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `These fields are not accepted: ${issue.keys.join(', ')}.` : 'Send the competition as a JSON object.',
  },
);
export type CompetitionInput = z.input<typeof competitionInputSchema>;
export type CompetitionFields = z.output<typeof competitionInputSchema>;

/** ?competition= (or a body field) on the routes older than competitions: absent means poetry. */
export const competitionParam = z.pipe(
  z.transform((value: unknown) => (value === '' || value === undefined || value === null ? DEFAULT_COMPETITION : value)),
  competitionSlugSchema,
);
export const competitionQuerySchema = z.object({ competition: competitionParam });

/** GET/PUT /api/judging/languages and PUT /api/admin/users/:uid/judge-languages: the languages a judge reads. */
export const judgeLanguagesSchema = z.strictObject(
  { languages: languageList(JUDGE_LANGUAGES_MAX) },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields are not accepted: ${issue.keys.join(', ')}.` : 'Send { "languages": ["hi", "ta"] }.'),
  },
);
export type JudgeLanguages = z.output<typeof judgeLanguagesSchema>;

/** One line of GET /api/admin/judge-coverage: for a contest's language, its entries and the judges who read it. */
export const judgeCoverageRowSchema = z.object({
  competition: competitionSlugSchema,
  month,
  language: z.string(),
  entries: z.number(),
  judges: z.number(),
  /** Judges who read the language needed so every entry gets its judges. */
  needed: z.number(),
  short: z.boolean(),
});
export type JudgeCoverageRow = z.output<typeof judgeCoverageRowSchema>;
export const judgeCoverageSchema = z.object({ data: z.array(judgeCoverageRowSchema) });
export type JudgeCoverage = z.output<typeof judgeCoverageSchema>;
