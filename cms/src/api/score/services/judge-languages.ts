// The languages judges read (issue 37): a judge records theirs, an admin may set anyone's, automatic assignment
// gives an entry only to judges who read its language, and admins see which languages have too few judges.
import type { Core } from '@strapi/strapi';
import { DEFAULT_COMPETITION, languageCode, type JudgeCoverageRow, type JudgeLanguages } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { idsLinkedTo } from '../../../lib/db';
import { getService } from '../../../services';

const USER = 'plugin::users-permissions.user';
const ENTRY = 'api::entry.entry';
const CONTEST = 'api::contest.contest';

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
  const users = () => strapi.db.query(USER);

  async function languagesOf(userId: number): Promise<JudgeLanguages> {
    const row = await users().findOne({ where: { id: userId }, select: ['judgeLanguages'] });
    return { languages: (row?.judgeLanguages as string[] | null) ?? [] };
  }

  async function setFor(userId: number, { languages }: JudgeLanguages): Promise<JudgeLanguages> {
    await users().update({ where: { id: userId }, data: { judgeLanguages: languages } });
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
      const row = await users().findOne({ where: { firebaseUid: uid }, select: ['id'] });
      if (!row) throw new ApiError(404, 'No user has this id. Copy it from the users list.', { uid }, 'NotFoundError');
      return { uid, ...(await setFor(row.id, input)) };
    },

    /**
     * GET /api/admin/judge-coverage: for every contest of an active competition still open to judging (not closed
     * more than its results day ago, not yet published), each language of its entries, how many active judges
     * read it and how many each entry needs (the "judges per entry" setting).
     */
    async coverage(now: Date = new Date()): Promise<{ data: JudgeCoverageRow[] }> {
      const { judgesPerEntry } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
      const judges: { judgeLanguages: JudgeLanguageList }[] = await users().findMany({
        where: { role: { type: 'judge' }, suspendedAt: { $null: true }, $or: [{ blocked: false }, { blocked: { $null: true } }] },
        select: ['judgeLanguages'],
      });
      const data: JudgeCoverageRow[] = [];
      for (const competition of await getService(strapi, 'api::competition.competition').active()) {
        const contests: { id: number; month: string }[] = await strapi.db.query(CONTEST).findMany({
          where: { competitionSlug: competition.slug, resultsAt: { $gt: new Date(now.getTime() - 60 * 86_400_000) } },
          select: ['id', 'month'],
          orderBy: { month: 'asc' },
        });
        for (const contest of contests) {
          const entries: { language: string }[] = await strapi.db.query(ENTRY).findMany({
            where: { id: { $in: idsLinkedTo(strapi, ENTRY, 'contest', contest.id) }, status: { $ne: 'published' } },
            select: ['language'],
          });
          const byLanguage = new Map<string, number>();
          for (const { language } of entries) {
            const key = languageCode(language) ?? language;
            byLanguage.set(key, (byLanguage.get(key) ?? 0) + 1);
          }
          for (const [language, count] of [...byLanguage].sort(([a], [b]) => a.localeCompare(b))) {
            const readers = judges.filter((judge) => readsLanguage(judge.judgeLanguages, language)).length;
            data.push({ competition: competition.slug ?? DEFAULT_COMPETITION, month: contest.month, language, entries: count, judges: readers, needed: judgesPerEntry, short: readers < judgesPerEntry });
          }
        }
      }
      return { data };
    },
  };
};
