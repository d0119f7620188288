import type { Core } from '@strapi/strapi';
import {
  DEFAULT_COMPETITION,
  type CompetitionRef,
  MAX_HONOURABLE_MENTIONS,
  RUNNERS_UP,
  type SuggestedWinner,
  type WinnerData,
  type WinnerDetail,
  type WinnerPlace,
  type WinnersIndex,
  type WinnerSummary,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { bulkInsert } from '../../../lib/bulk';
import { roundScore } from '../../result/lib/results-csv';
import { poetNameOf } from '../../../lib/poet-name';
import { resultRepository } from '../../result/repository';
import { WINNER } from '../repository';
import { contestRepository } from '../../contest/repository';
import { userRepository } from '../../user/repository';
import { getService } from '../../../services';
import { msg, type Message } from '../../../lib/messages';
import { publicationLabelMessage } from '../../../lib/messages/labels';

const POSITION: Record<Exclude<WinnerPlace, 'honourable'>, number> = { first: 1, second: 2, third: 3 };

interface WinnerRow {
  slug: string;
  month: string;
  competitionSlug: string;
  place: WinnerPlace;
  position: number;
  entryId: number;
  poetId: number | null;
  poetName: string;
  poetPhotoUrl: string | null;
  title: string;
  language: string | null;
  poem: string | null;
  score: number;
}

const summaryOf = (row: WinnerRow, competition: CompetitionRef): WinnerSummary => ({
  id: row.slug,
  competition,
  month: row.month,
  place: row.place,
  poetName: row.poetName,
  poetPhotoUrl: row.poetPhotoUrl ?? null,
  title: row.title,
  language: row.language ?? '',
  score: row.score,
});

const invalid = (message: Message) => new ApiError(422, message, {}, 'ValidationError');

/** Checks that don't need the database: one of each podium place at most, a first place, no entry twice. */
export function checkWinnerShape(data: WinnerData): void {
  const places = data.winners.map((w) => w.place);
  for (const place of ['first', 'second', 'third'] as const) {
    if (places.filter((p) => p === place).length > 1) throw invalid(msg('winner.onePlace', { place: msg(`winner.${place}`) }));
  }
  if (!places.includes('first')) throw invalid(msg('winner.chooseFirst'));
  if (places.filter((p) => p === 'honourable').length > MAX_HONOURABLE_MENTIONS) throw invalid(msg('winner.maxHonourable', { max: MAX_HONOURABLE_MENTIONS }));
  const codes = data.winners.map((w) => w.entryCode.toUpperCase());
  const repeated = codes.find((code, i) => codes.indexOf(code) !== i);
  if (repeated) throw invalid(msg('winner.chosenTwice', { code: repeated }));
}

/**
 * Winners: the admin picks 1st, 2nd, 3rd and honourable mentions from a month's published scores; publication
 * (through the winner timer) snapshots each winning poem for the public pages, tells the winners and the
 * runners-up, and issues the winner certificates, in one transaction.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const winners = () => strapi.db.query(WINNER);
  const results = resultRepository(strapi);
  const competitionOf = (data: WinnerData) => data.competition ?? DEFAULT_COMPETITION;

  /** A competition's { slug, name } (the slug itself when the competition is gone). */
  async function refOf(slug: string): Promise<CompetitionRef> {
    return (await getService(strapi, 'api::competition.competition').refs([slug])).get(slug) ?? { slug, name: slug };
  }
  const labelOf = async (data: WinnerData) => publicationLabelMessage(await refOf(competitionOf(data)), data.month);
  const alreadyPublished = async (data: WinnerData) =>
    new ApiError(409, msg('winner.alreadyPublished', { label: await labelOf(data) }), { competition: competitionOf(data) }, 'ConflictError');

  /** The published results of the chosen entries, in the order of the winner data. */
  async function chosen(data: WinnerData) {
    checkWinnerShape(data);
    if (!(await results.isPublished(competitionOf(data), data.month)))
      throw new ApiError(409, msg('winner.resultsFirst', { label: await labelOf(data) }), {}, 'ConflictError');
    const codes = data.winners.map((w) => w.entryCode.toUpperCase());
    const rows = await results.ofMonth(competitionOf(data), data.month, ['entryId', 'poetId', 'code', 'title', 'total']);
    const byCode = new Map(rows.map((row) => [row.code.toUpperCase(), row]));
    const unknown = codes.filter((code) => !byCode.has(code));
    if (unknown.length) throw invalid(msg('winner.noScore', { month: data.month, codes: unknown.join(', ') }));
    return data.winners.map((w) => ({ place: w.place, result: byCode.get(w.entryCode.toUpperCase())! }));
  }

  return {
    checkWinnerShape,

    /** The month's best published scores, to pick the winners from. */
    async suggestions(month: string, competition: string = DEFAULT_COMPETITION): Promise<SuggestedWinner[]> {
      const rows = await results.ofMonth(competition, month, ['code', 'title', 'poetId', 'total', 'rank'], 20);
      const users = await userRepository(strapi).byIds(
        rows.map((r) => r.poetId).filter((id): id is number => Boolean(id)),
        ['name', 'email'],
      );
      const nameOf = new Map(users.map((u) => [u.id, poetNameOf(u.name, u.email)]));
      return rows.map((row) => ({
        entryCode: row.code,
        title: row.title ?? '',
        poetName: (row.poetId !== null ? nameOf.get(row.poetId) : undefined) ?? 'Writory poet',
        total: row.total,
        rank: row.rank,
      }));
    },

    /** Refuses (4xx) winner data that cannot be published now; results may still be scheduled before it. */
    async assertSchedulable(data: WinnerData, publishAt: Date | null): Promise<void> {
      checkWinnerShape(data);
      if (await winners().count({ where: { month: data.month, competitionSlug: competitionOf(data) } })) throw await alreadyPublished(data);
      if (!publishAt) await chosen(data);
    },

    /**
     * Publishes a month's winners: the winner rows and the notifications, in the publication's transaction (which
     * then issues the winner certificates).
     */
    async publish(data: WinnerData): Promise<{ published: number; notified: number }> {
      return strapi.db.transaction(async ({ trx }) => {
        const competition = competitionOf(data);
        if (await winners().count({ where: { month: data.month, competitionSlug: competition } })) throw await alreadyPublished(data);
        const label = await labelOf(data);
        // Poetry's winners keep the ids they had before competitions (2026-11-first); another's start with its slug.
        const prefix = competition === DEFAULT_COMPETITION ? data.month : `${competition}-${data.month}`;
        const picks = await chosen(data);
        const poetIds = picks.map((p) => p.result.poetId).filter((id): id is number => id !== null);
        const users = await userRepository(strapi).withPictures(poetIds, ['name', 'email']);
        const userOf = new Map(users.map((u) => [u.id, u]));
        const content = await getService(strapi, 'api::winner.poem').contentOf(picks.map((p) => p.result.entryId));
        let honourable = 0;
        const rows: WinnerRow[] = picks.map(({ place, result }) => {
          const user = result.poetId ? userOf.get(result.poetId) : undefined;
          const n = place === 'honourable' ? ++honourable : 0;
          const slug = place === 'honourable' ? `${prefix}-honourable-${n}` : `${prefix}-${place}`;
          const entry = content.get(result.entryId);
          return {
            slug,
            month: data.month,
            competitionSlug: competition,
            place,
            position: place === 'honourable' ? 3 + n : POSITION[place],
            entryId: result.entryId,
            poetId: result.poetId,
            poetName: poetNameOf(user?.name, user?.email),
            // The photo sent with the entry, else the poet's profile picture.
            poetPhotoUrl: entry?.hasPhoto ? `/api/winners/${slug}/photo` : (user?.profilePicture?.url ?? null),
            title: result.title ?? '',
            language: entry?.language ?? null,
            poem: entry?.poem ?? null,
            score: roundScore(result.total),
          };
        });
        await bulkInsert(
          strapi,
          trx,
          WINNER,
          rows.map((row) => ({ ...row })),
        );

        // Winners hear they won; the best of the rest hear how close they came.
        const lastWinning = Math.min(...rows.map((r) => r.score));
        const runnersUp = await results.bestExcept(
          competition,
          data.month,
          rows.map((r) => r.entryId),
          RUNNERS_UP,
        );
        const notifications = [
          ...rows
            .filter((r) => r.poetId !== null)
            .map((r) => ({
              userId: r.poetId!,
              notification: {
                // Said in each poet's language when stored (catalogue messages).
                title: r.place === 'honourable' ? msg('notice.honourableTitle') : msg('notice.wonTitle', { place: msg(`winner.${r.place}`) }),
                message: msg('notice.won', {
                  title: r.title,
                  label,
                  place: r.place === 'honourable' ? msg('notice.placeHonourable') : msg(`winner.${r.place}`),
                }),
                link: `/winning-poem/${r.slug}`,
              },
            })),
          ...runnersUp
            .filter((r) => r.poetId !== null)
            .map((r) => ({
              userId: r.poetId!,
              notification: {
                title: msg('notice.closeTitle'),
                message: msg('notice.close', {
                  title: r.title ?? '',
                  rank: r.rank,
                  label,
                  points: roundScore(Math.max(0, lastWinning - r.total)),
                  last: lastWinning,
                }),
                link: '/profile#scores',
              },
            })),
        ];
        await getService(strapi, 'api::notification.notification').notifyMany(notifications);
        return { published: rows.length, notified: notifications.length };
      });
    },

    /** Every month with published winners of a competition (poetry unless named), newest first (for /winning-poems and /past-winners). */
    async index(competition: string = DEFAULT_COMPETITION): Promise<WinnersIndex> {
      const rows: WinnerRow[] = await winners().findMany({ where: { competitionSlug: competition }, orderBy: [{ month: 'desc' }, { position: 'asc' }] });
      const themes = await contestRepository(strapi).themesOf([...new Set(rows.map((r) => r.month))], competition);
      const themeOf = new Map(themes.map((c) => [c.month, c.theme ?? null]));
      const months = new Map<string, WinnerSummary[]>();
      const ref = await refOf(competition);
      for (const row of rows) months.set(row.month, [...(months.get(row.month) ?? []), summaryOf(row, ref)]);
      return { months: [...months].map(([month, list]) => ({ month, theme: themeOf.get(month) ?? null, winners: list })) };
    },

    async detail(slug: string): Promise<WinnerDetail> {
      const row: WinnerRow | null = await winners().findOne({ where: { slug } });
      if (!row) throw new ApiError(404, msg('winner.notFound'), {}, 'NotFoundError');
      const contest = await contestRepository(strapi).ofMonth(row.month, row.competitionSlug);
      return { ...summaryOf(row, await refOf(row.competitionSlug)), poem: row.poem ?? '', theme: contest?.theme ?? null };
    },
  };
};
