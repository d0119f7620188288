import type { Core } from '@strapi/strapi';
import { getService } from '../../../services';
import { DEFAULT_COMPETITION, monthName } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { currentLocale, monthIn, msg } from '../../../lib/messages';
import { LOCK, lockFor } from '../../../lib/money-db';
import type { ContestRow } from '../../contest/repository';
import { allowanceOf, isFreeEntry, type Allowance } from '../lib/allowance';
import { entryRepository } from '../repository';

type Contest = Pick<ContestRow, 'id' | 'month'> & Partial<Pick<ContestRow, 'competitionSlug'>>;

/** The competition an allowance is about, as its refusals name it. */
export interface AllowanceCompetition {
  slug: string;
  name: string;
  kind: string;
}
const POETRY_NAMED: AllowanceCompetition = { slug: DEFAULT_COMPETITION, name: 'Poetry', kind: 'poem' };

/** Nothing left: 402 when entry credits are on sale (buying helps), else 403; both name the competition and its month. */
export function noEntriesLeft(
  { used, free, canBuy }: Pick<Allowance, 'used' | 'free' | 'canBuy'>,
  month: string,
  competition: AllowanceCompetition = POETRY_NAMED,
): ApiError {
  const story = competition.kind === 'story';
  const one = msg(story ? 'entry.story' : 'entry.poem');
  const named = /competition$/i.test(competition.name) ? competition.name : msg('entry.competitionNamed', { name: competition.name });
  const locale = currentLocale();
  const monthWords = locale === 'en' ? monthName(month) : monthIn(month, locale);
  const counted = msg(story ? 'entry.enteredStories' : 'entry.enteredPoems', { used, competition: named, month: monthWords });
  const entered = free > 0 ? msg(free === 1 ? 'entry.enteredFreeOne' : 'entry.enteredFreeAll', { entered: counted, free }) : counted;
  const details = { used, free, competition: competition.slug };
  if (canBuy) {
    return new ApiError(402, msg('entry.noCreditsLeft', { entered, competition: named, one }), { reason: 'no-credits', ...details }, 'PaymentRequiredError');
  }
  return new ApiError(403, msg('entry.monthLimit', { entered }), { reason: 'limit', ...details }, 'EntryLimitError');
}

/**
 * How many entries a poet may make in a contest, the one place that rule lives: the month's free entries of its
 * competition (poetry: `maxEntriesPerMonth` in site settings, 0 for a fully paid contest) and then the entry credits the poet
 * bought for that month (`api::payment.credits`). Free entries are used first; each entry beyond them
 * spends one credit, in the entry's own transaction.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const credits = () => getService(strapi, 'api::payment.credits');
  /** The contest's competition decides its free entries (poetry: the site setting, as before competitions). */
  const freeEntries = (contest: Contest) => getService(strapi, 'api::competition.competition').freeEntriesOf(contest.competitionSlug ?? DEFAULT_COMPETITION);

  const slugOf = (contest: Contest) => contest.competitionSlug ?? DEFAULT_COMPETITION;
  async function competitionOf(contest: Contest): Promise<AllowanceCompetition> {
    const row = await getService(strapi, 'api::competition.competition').bySlug(slugOf(contest));
    return row ? { slug: row.slug, name: row.name, kind: row.kind } : POETRY_NAMED;
  }

  async function entryAllowance(user: { id: number }, contest: Contest): Promise<Allowance> {
    const free = await freeEntries(contest);
    const used = await entryRepository(strapi).countOfPoetInContest(user.id, contest.id);
    const bought = await credits().summary(user.id, contest.month, slugOf(contest));
    const canBuy = (await getService(strapi, 'api::payment.tiers').catalogue()).tiers.length > 0;
    return allowanceOf({ free, used, creditsUsed: bought.used, creditsAvailable: bought.available, canBuy });
  }

  return {
    entryAllowance,

    /** Before the expensive work: refuses a poet with nothing left. */
    async assertAvailable(user: { id: number }, contest: Contest): Promise<void> {
      const allowance = await entryAllowance(user, contest);
      if (allowance.remaining <= 0) throw noEntriesLeft(allowance, contest.month, await competitionOf(contest));
    },

    /**
     * Inside the entry's creation transaction, once its row is written: a free entry if any is left,
     * otherwise one credit is spent (and the 402 rolls the entry back when none is left). The poet's money
     * lock makes concurrent entries and refunds of one poet take turns, so two entries never share the last
     * free place or credit.
     */
    async consume(user: { id: number }, contest: Contest, entryId: number): Promise<void> {
      await lockFor(strapi, LOCK.userMoney, user.id);
      const free = await freeEntries(contest);
      const entered = await entryRepository(strapi).countOfPoetInContest(user.id, contest.id, entryId);
      const bought = await credits().summary(user.id, contest.month, slugOf(contest));
      if (isFreeEntry({ entered, creditsUsed: bought.used, free })) return;
      try {
        await credits().consume(user.id, contest.month, entryId, slugOf(contest));
      } catch (error) {
        if ((error as { status?: number }).status !== 402) throw error;
        const canBuy = (await getService(strapi, 'api::payment.tiers').catalogue()).tiers.length > 0;
        throw noEntriesLeft({ used: entered, free, canBuy }, contest.month, await competitionOf(contest));
      }
    },
  };
};
