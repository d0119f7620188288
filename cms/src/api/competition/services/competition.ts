import type { Core } from '@strapi/strapi';
import {
  COMPETITION_FREE_ENTRIES_MAX,
  DEFAULT_COMPETITION,
  MAX_POEM_BYTES,
  type CompetitionContest,
  type CompetitionDetail,
  type CompetitionFields,
  type CompetitionRef,
  type AdminCompetitionSummary,
  type CompetitionSummary,
  type ContestStatus,
  type SavedCompetition,
  type Criterion,
  type Locale,
  type ServedLocale,
} from '@writory/shared';
import { monthOf } from '../../../lib/contest-calendar';
import { ApiError } from '../../../lib/api-error';
import { servedAs } from '../../../lib/content-locale';
import { requestSiteRebuild } from '../../../lib/site-rebuild';
import { isUniqueViolation } from '../../../lib/db';
import { getService } from '../../../services';
import { SEED_COMPETITIONS } from '../lib/seeds';
import { contestRepository, toContestInfo, type ContestRow } from '../../contest/repository';
import { COMPETITION, COMPETITION_DESCRIPTION, refOf, type CompetitionRow, type PublishedResults } from '../repository';
import { msg, type Message } from '../../../lib/messages';

const PAST_MONTHS = 36;

const conflict = (message: Message, details: Record<string, unknown>) => new ApiError(409, message, details, 'ConflictError');

export { refOf, type CompetitionRow };

/** The competitions themselves: the seeded ones, finding one by slug, and linking contests from before competitions. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const competitions = () => strapi.db.query(COMPETITION);

  /** The three competitions of every install, created when missing (an admin's changes to them are kept). */
  async function seedMissing(): Promise<string[]> {
    const created: string[] = [];
    for (const seed of SEED_COMPETITIONS) {
      if (await competitions().findOne({ where: { slug: seed.slug }, select: ['id'] })) continue;
      let data = seed;
      if (seed.slug === DEFAULT_COMPETITION) {
        // Poetry keeps the free entries a month the site setting gave the one contest before competitions.
        const { maxEntriesPerMonth } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
        data = { ...seed, freeEntriesPerMonth: Math.max(0, Math.min(COMPETITION_FREE_ENTRIES_MAX, maxEntriesPerMonth)) };
      }
      try {
        await competitions().create({ data });
        created.push(seed.slug);
      } catch (error) {
        // Another instance booting at the same moment made it: the unique slug let one insert win.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return created;
  }

  /**
   * The startup migration to competitions: every contest without a competition (every contest from before
   * them) belongs to poetry. Idempotent: a second run finds nothing to link. Entries, scores, results,
   * winners and certificates hang on their contest (or its month), so they follow it unchanged.
   */
  async function linkContestsToPoetry(): Promise<number> {
    const poetry = await competitions().findOne({ where: { slug: DEFAULT_COMPETITION }, select: ['id', 'slug'] });
    if (!poetry) throw new Error('The poetry competition is missing: seedMissing() runs first.');
    const contests = contestRepository(strapi);
    const orphans = await contests.withoutCompetition();
    const knex = strapi.db.connection;
    // Results, winners, certificates and leaderboard points name their month; from before competitions, those months are poetry's.
    const unnamed = [
      'api::result.result',
      'api::winner.winner',
      'api::certificate.certificate',
      'api::leaderboard.leaderboard-month',
      'api::leaderboard.leaderboard-total',
    ].map((uid) => strapi.db.metadata.get(uid as never).tableName);
    let waiting = 0;
    for (const name of unnamed) waiting += Number((await knex(name).whereNull('competition_slug').count({ n: '*' }))[0]?.n ?? 0);
    if (!orphans.length && !waiting) return 0;
    await strapi.db.transaction(async ({ trx }) => {
      for (const id of orphans) await contests.assignCompetition(id, { id: poetry.id, slug: DEFAULT_COMPETITION });
      for (const name of unnamed) await trx(name).whereNull('competition_slug').update({ competition_slug: DEFAULT_COMPETITION });
    });
    return orphans.length;
  }

  async function bySlug(slug: string): Promise<CompetitionRow | null> {
    return competitions().findOne({ where: { slug } });
  }

  async function requireCompetition(slug: string): Promise<CompetitionRow> {
    const row = await bySlug(slug);
    if (row) return row;
    const known: { slug: string }[] = await competitions().findMany({ select: ['slug'], orderBy: { position: 'asc' } });
    throw new ApiError(404, msg('competition.unknown', { slug, known: known.map((r) => r.slug).join(', ') }), { slug }, 'NotFoundError');
  }

  let resultsSource: PublishedResults | null = null;
  const results = (): PublishedResults => {
    if (!resultsSource) throw new Error('No published results: the result domain provides them at startup.');
    return resultsSource;
  };
  const published = (slug: string, month: string) => results().isPublished(slug, month);

  /** Where a contest stands at `now`: before its window, open, being judged, or with its results out. */
  async function statusOf(slug: string, contest: ContestRow, now: Date): Promise<ContestStatus> {
    if (await published(slug, contest.month)) return 'published';
    if (now < new Date(contest.opensAt)) return 'upcoming';
    if (now < new Date(contest.closesAt)) return 'open';
    return 'judging';
  }

  /** An active competition's contest of this month (made from the calendar when it does not exist yet). */
  async function currentOf(row: CompetitionRow, now: Date): Promise<CompetitionContest | null> {
    if (!row.active) return null;
    const contests = getService(strapi, 'api::contest.contest');
    const zone = await contests.timeZone();
    const contest = await contests.ensureMonth(monthOf(now, zone), zone, row.slug);
    return { ...toContestInfo(contest), status: await statusOf(row.slug, contest, now) };
  }

  type Translation = { tagline: string | null; description: string | null };

  /** The editors' translations of competitions' taglines and descriptions in `locale`, by competition slug. */
  async function translationsIn(locale: Locale, slugs?: string[]): Promise<Map<string, Translation>> {
    if (locale === 'en') return new Map();
    const rows = await strapi.documents(COMPETITION_DESCRIPTION).findMany({
      locale,
      ...(slugs ? { filters: { competition: { $in: slugs } } } : {}),
      fields: ['competition', 'tagline', 'description'],
      sort: [{ id: 'asc' }],
    });
    return new Map(rows.map((row) => [String(row.competition), { tagline: row.tagline ?? null, description: row.description ?? null }]));
  }

  /** A competition's words in `locale` when translated: a field the translation leaves empty keeps the English. */
  function inLocale<T extends CompetitionSummary & { description?: string }>(
    item: T,
    locale: Locale,
    translations: Map<string, Translation>,
  ): T & ServedLocale {
    const translation = translations.get(item.slug);
    if (!translation) return { ...item, ...servedAs(locale, false) };
    return {
      ...item,
      tagline: translation.tagline?.trim() ? translation.tagline : item.tagline,
      ...('description' in item ? { description: translation.description?.trim() ? translation.description : item.description } : {}),
      ...servedAs(locale, true),
    };
  }

  async function summaryOf(row: CompetitionRow, now: Date): Promise<CompetitionSummary> {
    return {
      slug: row.slug,
      name: row.name,
      kind: row.kind as CompetitionSummary['kind'],
      tagline: row.tagline ?? '',
      languages: row.languages ?? [],
      criteria: row.criteria,
      limits: {
        maxWords: row.maxWords ?? null,
        maxBytes: row.maxBytes,
        freeEntriesPerMonth:
          row.slug === DEFAULT_COMPETITION
            ? (await getService(strapi, 'api::site-setting.site-setting').contestSettings()).maxEntriesPerMonth
            : row.freeEntriesPerMonth,
      },
      current: await currentOf(row, now),
    };
  }

  async function detailOf(row: CompetitionRow, now: Date): Promise<CompetitionDetail> {
    const months = await results().latestMonths(row.slug, PAST_MONTHS);
    return {
      ...(await summaryOf(row, now)),
      description: row.description ?? '',
      rewards: row.rewards ?? '',
      pastMonths: months,
      active: row.active,
    };
  }

  /** Months of the competition being judged (criteria fixed, results not out) on criteria other than `criteria`. */
  async function criteriaNotice(slug: string, criteria: Criterion[]): Promise<string | null> {
    const same = (a: Criterion[], b: Criterion[]) => a.length === b.length && a.every((c, i) => c.name === b[i]!.name && c.max === b[i]!.max);
    const judged = await contestRepository(strapi).withFixedCriteria(slug);
    const keeping: string[] = [];
    for (const contest of judged) {
      if (contest.criteria && !same(contest.criteria, criteria) && !(await published(slug, contest.month))) keeping.push(contest.month);
    }
    if (!keeping.length) return null;
    return `Judging of ${keeping.join(', ')} has started, so ${keeping.length === 1 ? 'that contest keeps' : 'those contests keep'} the criteria its judges are scoring on; the new criteria apply from the next contest no judge has scored yet.`;
  }

  /** The columns an admin's competition writes (maxBytes is the poem file limit, not the admin's to change). */
  const columnsOf = (input: CompetitionFields) => ({
    slug: input.slug,
    name: input.name,
    kind: input.kind,
    tagline: input.tagline,
    languages: input.languages,
    criteria: input.criteria,
    maxWords: input.maxWords,
    freeEntriesPerMonth: input.freeEntriesPerMonth,
    active: input.active,
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.rewards !== undefined ? { rewards: input.rewards } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
  });

  return {
    /** The result domain's answers about published months (registered once, from its bootstrap). */
    provideResults(source: PublishedResults): void {
      resultsSource = source;
    },

    seedMissing,
    linkContestsToPoetry,
    bySlug,

    /** On every boot, before anything reads contests: the seeded competitions exist and every contest has one. */
    async prepare(): Promise<{ created: string[]; linked: number }> {
      const created = await seedMissing();
      const linked = await linkContestsToPoetry();
      if (created.length || linked)
        strapi.log.info(`competitions: created ${created.join(', ') || 'none'}; ${linked} contest(s) linked to ${DEFAULT_COMPETITION}`);
      return { created, linked };
    },

    /** The competition of a slug, or 404 saying which exist. */
    require: requireCompetition,

    /**
     * GET /api/competitions: the active competitions, in the order the site shows them, each with this month's contest,
     * its tagline in `locale` when an editor translated it (else the English, `fallback: true`).
     */
    async list(now: Date = new Date(), locale: Locale = 'en'): Promise<(CompetitionSummary & ServedLocale)[]> {
      const rows: CompetitionRow[] = await competitions().findMany({ where: { active: true }, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
      const translations = await translationsIn(locale);
      const out: (CompetitionSummary & ServedLocale)[] = [];
      for (const row of rows) out.push(inLocale(await summaryOf(row, now), locale, translations));
      return out;
    },

    /** GET /api/admin/competitions: every competition, inactive ones too, with `active`, in the site's order. */
    async adminList(now: Date = new Date()): Promise<AdminCompetitionSummary[]> {
      const rows: CompetitionRow[] = await competitions().findMany({ orderBy: [{ position: 'asc' }, { id: 'asc' }] });
      const out: AdminCompetitionSummary[] = [];
      for (const row of rows) out.push({ ...(await summaryOf(row, now)), active: row.active });
      return out;
    },

    /**
     * GET /api/competitions/:slug: the page of one competition (an inactive one too: older links keep working), its
     * tagline and description in `locale` when an editor translated them (else the English, `fallback: true`).
     */
    async detail(slug: string, now: Date = new Date(), locale: Locale = 'en'): Promise<CompetitionDetail & ServedLocale> {
      const detail = await detailOf(await requireCompetition(slug), now);
      return inLocale(detail, locale, await translationsIn(locale, [slug]));
    },

    /** POST /api/admin/competitions: a new competition; its slug must be free. */
    async adminCreate(input: CompetitionFields, now: Date = new Date()): Promise<CompetitionDetail> {
      const taken = () => conflict(msg('competition.slugTaken', { slug: input.slug }), { slug: input.slug });
      if (await bySlug(input.slug)) throw taken();
      try {
        const row = await competitions().create({ data: { description: '', rewards: '', position: 0, ...columnsOf(input), maxBytes: MAX_POEM_BYTES } });
        // The footer, /submit and the competition pages are built from the competitions.
        requestSiteRebuild(strapi);
        return detailOf(row, now);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /**
     * PUT /api/admin/competitions/:slug: the whole competition again; its slug stays (pages and entries link to it).
     * New criteria apply to contests no judge has scored yet: a contest being judged keeps the criteria its first
     * score fixed (so no score already given changes meaning), and `criteriaNotice` says which months keep theirs.
     */
    async adminUpdate(slug: string, input: CompetitionFields, now: Date = new Date()): Promise<SavedCompetition> {
      const row = await requireCompetition(slug);
      if (input.slug !== slug) {
        throw new ApiError(422, msg('competition.slugFixed', { slug }), { field: 'slug' }, 'ValidationError');
      }
      const columns = columnsOf(input);
      // The keys before the update: Strapi adds `updatedAt` to the data it is given.
      const written = Object.keys(columns) as (keyof typeof row)[];
      const updated = await competitions().update({ where: { id: row.id }, data: columns });
      // An inactive competition leaves /submit and the footer once the site is rebuilt. A save that changed none of the
      // columns it writes (the form saved as it was) changes no page: no rebuild (a whole site build, ~6 CPU s).
      const stored = (competition: typeof row) => JSON.stringify(written.map((key) => competition[key]));
      if (stored(updated) !== stored(row)) requestSiteRebuild(strapi);
      return { ...(await detailOf(updated, now)), criteriaNotice: await criteriaNotice(slug, input.criteria) };
    },

    /** These competitions' { slug, name }, by slug: how rows that belong to one name it (read through the slug's index). */
    async refs(slugs: string[]): Promise<Map<string, CompetitionRef>> {
      if (!slugs.length) return new Map();
      const rows: CompetitionRow[] = await competitions().findMany({ where: { slug: { $in: slugs } }, select: ['slug', 'name'] });
      return new Map(rows.map((row) => [row.slug, refOf(row)]));
    },

    /**
     * Free entries a poet has in a month of this competition. Poetry's are the site setting "entries per month",
     * as before competitions (admins change them in the settings); every other competition has its own.
     */
    async freeEntriesOf(slug: string): Promise<number> {
      if (slug === DEFAULT_COMPETITION) return (await getService(strapi, 'api::site-setting.site-setting').contestSettings()).maxEntriesPerMonth;
      const row = await bySlug(slug);
      return row?.freeEntriesPerMonth ?? 0;
    },

    /** The active competitions, in the order the site shows them. */
    async active(): Promise<CompetitionRow[]> {
      return competitions().findMany({ where: { active: true }, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    },
  };
};
