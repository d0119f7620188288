// The languages judges read (issue 37): a judge records theirs, an admin may set anyone's, automatic assignment
// gives an entry only to judges who read its language, and admins see which languages have too few judges.
import type { Core } from '@strapi/strapi';
import { DEFAULT_COMPETITION, languageCode, languageName, monthName, type JudgeCoverageRow, type JudgeLanguages } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { getService } from '../../../services';
import { contestRepository } from '../../contest/repository';
import { entryRepository } from '../../entry/repository';
import { userRepository } from '../../user/repository';
import { msg } from '../../../lib/messages';

const DAY = 86_400_000;
/** How long before a window closes the admins hear which languages lack judges. */
export const COVERAGE_WARNING_DAYS = 3;

/** A judge's recorded languages; null or empty: none recorded. */
export type JudgeLanguageList = string[] | null | undefined;

/**
 * Whether a judge reads an entry's language. A judge who has recorded no languages reads any (every judge did
 * before judges' languages, and poetry takes any language); an entry in a language no list knows goes only to them.
 */
export function readsLanguage(judgeLanguages: JudgeLanguageList, entryLanguage: string): boolean {
  if (!judgeLanguages?.length) return true;
  const code = languageCode(entryLanguage);
  return code !== null && judgeLanguages.includes(code);
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => userRepository(strapi);

  async function activeJudges(): Promise<{ judgeLanguages: JudgeLanguageList }[]> {
    return users().withRole('judge', ['judgeLanguages'], { active: true }) as Promise<{ judgeLanguages: JudgeLanguageList }[]>;
  }

  /** One contest's lines of the coverage report: each language of its entries not yet published. */
  async function contestCoverage(
    contest: { id: number; month: string; competitionSlug: string },
    judges: { judgeLanguages: JudgeLanguageList }[],
    judgesPerEntry: number,
  ): Promise<JudgeCoverageRow[]> {
    const entries: { language: string }[] = await entryRepository(strapi).inContest(contest.id, ['language'], { unpublished: true });
    const byLanguage = new Map<string, number>();
    for (const { language } of entries) {
      const key = languageCode(language) ?? language;
      byLanguage.set(key, (byLanguage.get(key) ?? 0) + 1);
    }
    return [...byLanguage]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([language, count]) => {
        const readers = judges.filter((judge) => readsLanguage(judge.judgeLanguages, language)).length;
        return {
          competition: contest.competitionSlug ?? DEFAULT_COMPETITION,
          month: contest.month,
          language,
          entries: count,
          judges: readers,
          needed: judgesPerEntry,
          short: readers < judgesPerEntry,
        };
      });
  }

  async function languagesOf(userId: number): Promise<JudgeLanguages> {
    const row = await users().byId(userId, ['judgeLanguages']);
    return { languages: (row?.judgeLanguages as string[] | null) ?? [] };
  }

  async function setFor(userId: number, { languages }: JudgeLanguages): Promise<JudgeLanguages> {
    await users().update(userId, { judgeLanguages: languages });
    return { languages };
  }

  return {
    readsLanguage,

    /** GET /api/judging/languages: the caller's own. */
    mine: (user: { id: number }) => languagesOf(user.id),

    /** PUT /api/judging/languages: the caller records the languages they read. */
    setMine: (user: { id: number }, input: JudgeLanguages) => setFor(user.id, input),

    /** PUT /api/admin/users/:uid/judge-languages */
    async setForUid(uid: string, input: JudgeLanguages): Promise<JudgeLanguages & { uid: string }> {
      const row = await users().byUid(uid, []);
      if (!row) throw new ApiError(404, msg('adminUser.noId'), { uid }, 'NotFoundError');
      return { uid, ...(await setFor(row.id, input)) };
    },

    /**
     * GET /api/admin/judge-coverage: for every contest of an active competition still open to judging (not closed
     * more than its results day ago, not yet published), each language of its entries, how many active judges
     * read it and how many each entry needs (the "judges per entry" setting).
     */
    async coverage(now: Date = new Date()): Promise<{ data: JudgeCoverageRow[] }> {
      const { judgesPerEntry } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
      const judges = await activeJudges();
      const data: JudgeCoverageRow[] = [];
      for (const competition of await getService(strapi, 'api::competition.competition').active()) {
        const contests = await contestRepository(strapi).resultsAfter(new Date(now.getTime() - 60 * DAY), competition.slug);
        for (const contest of contests) data.push(...(await contestCoverage(contest, judges, judgesPerEntry)));
      }
      return { data };
    },

    /**
     * The calendar's step (every instance runs it): once per contest, within three days of its window closing,
     * the admins get an email naming the languages of its entries that too few judges read. The first instance to
     * mark the contest sends it; a contest with enough judges is marked and sends nothing.
     */
    async warnShortCoverage(now: Date = new Date()): Promise<number> {
      const due = await contestRepository(strapi).closingUnwarned(now, new Date(now.getTime() + COVERAGE_WARNING_DAYS * DAY));
      let sent = 0;
      for (const contest of due) {
        if (!(await contestRepository(strapi).markCoverageWarned(contest.id, now))) continue;
        const { judgesPerEntry } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
        const short = (await contestCoverage(contest, await activeJudges(), judgesPerEntry)).filter((row) => row.short);
        if (!short.length) continue;
        const competition = await getService(strapi, 'api::competition.competition').bySlug(contest.competitionSlug ?? DEFAULT_COMPETITION);
        const title = `${competition?.name ?? contest.competitionSlug} Competition, ${monthName(contest.month)}`;
        const lines = short.map(
          (row) =>
            `- ${languageName(row.language)} (${row.language}): ${row.entries} ${row.entries === 1 ? 'entry' : 'entries'}, ${row.judges} of ${row.needed} judges needed read it`,
        );
        const text = [
          `The ${title} closes within ${COVERAGE_WARNING_DAYS} days, and too few judges read these languages of its entries:`,
          '',
          ...lines,
          '',
          'Entries in a language no judge reads stay unassigned. Ask judges to record the languages they read on their profile, or set them for a judge on the admin users page (PUT /api/admin/users/:uid/judge-languages).',
          '',
          'Writory',
        ].join('\n');
        const admins: { email: string | null }[] = await users().withRole('admin', ['email'], { withEmail: true });
        for (const { email } of admins) {
          try {
            await strapi
              .plugin('email')
              .service('email')
              .send({ to: email, subject: `Writory: too few judges for some languages of the ${title}`, text });
            sent++;
          } catch (error) {
            strapi.log.error(`judge coverage: the email to an admin failed: ${(error as Error).message}`);
          }
        }
      }
      return sent;
    },
  };
};
