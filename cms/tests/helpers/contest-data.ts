// Contest months, entries and result files for the results tests, written straight to the database.
import type { Core } from '@strapi/strapi';
import { CRITERIA, CRITERION_KEYS } from '@writory/shared';

export interface TestEntry {
  id: number;
  code: string;
  title: string;
  poetId: number;
}

/** A month's contest of a competition, poetry's by default (its window in UTC is enough for these tests). */
export async function createContest(strapi: Core.Strapi, month: string, theme = 'Thresholds', competition = 'poetry'): Promise<number> {
  const [year, m] = month.split('-').map(Number);
  const at = (day: number) => new Date(Date.UTC(year, m - 1, day));
  const contest = await strapi.db
    .query('api::contest.contest')
    .create({ data: { month, theme, competitionSlug: competition, opensAt: at(1), closesAt: at(26), resultsAt: at(28) } });
  return contest.id;
}

/** The text extracted from a test entry's file (what winner pages show). */
export const poemText = (title: string) => `${title}\n\nThe lamp keeps its small republic\nof light against the hill.`;

/** `count` entries of a month, shared round-robin between the poets. */
export async function createEntries(
  strapi: Core.Strapi,
  contestId: number,
  month: string,
  poetIds: number[],
  count: number,
  status = 'scored',
): Promise<TestEntry[]> {
  const entries: TestEntry[] = [];
  for (let i = 0; i < count; i++) {
    const code = `WR-${month.replace('-', '')}-${String(i + 1).padStart(4, '0')}`;
    const title = `Poem ${i + 1} of ${month}`;
    const poetId = poetIds[i % poetIds.length];
    const text = poemText(title);
    const entry = await strapi.db.query('api::entry.entry').create({
      data: { code, title, language: 'English', status, contest: contestId, poet: poetId, text, judgeText: text, judgeTitle: title, submittedAt: new Date() },
    });
    entries.push({ id: entry.id, code, title, poetId });
  }
  return entries;
}

/**
 * A results CSV with five criteria (poetry's unless `criteria` names a competition's own): entry i scores (base - i)
 * spread over the criteria.
 */
export function criteriaCsv(
  entries: { code: string }[],
  options: { base?: number; crlf?: boolean; comment?: (i: number) => string; criteria?: string[] } = {},
): string {
  const { base = 20, crlf = false, comment = (i: number) => `Judge note ${i + 1}, with a comma` } = options;
  const criteria = options.criteria ?? CRITERION_KEYS.map((key) => CRITERIA[key]);
  const lines = [['entry_code', ...criteria, 'comment'].join(',')];
  entries.forEach((entry, i) => {
    const each = Math.max(0, base - i * 0.5);
    lines.push([entry.code, each, each, each, each, each - 1, `"${comment(i).replace(/"/g, '""')}"`].join(','));
  });
  return lines.join(crlf ? '\r\n' : '\n');
}
