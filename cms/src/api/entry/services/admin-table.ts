import type { Core } from '@strapi/strapi';
import { getService } from '../../../services';
import type { AdminEntries } from '@writory/shared';
import type { EntryScores } from '../repository';
import type { EntryRow } from './entry';

const ENTRY = 'api::entry.entry';

/** The admins' table of a contest's entries: who entered what, and the judges' scores. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  let source: EntryScores | null = null;
  return {
    /** The score domain's answers (registered once, from its bootstrap). */
    provide(scores: EntryScores): void {
      source = scores;
    },

    /** GET /api/admin/entries?month=&competition=: every entry of a competition's contest, with its poet and scores. */
    async rows(month?: string, competition?: string): Promise<AdminEntries> {
      const scores = source;
      if (!scores) throw new Error('No entry scores: the score domain provides them at startup.');
      const { months, contest } = await scores.contestFor(month, competition);
      const settings = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
      if (!contest) return { month: null, months, normaliseScores: settings.normaliseScores, judgesPerEntry: settings.judgesPerEntry, rows: [] };
      const rows: EntryRow[] = await strapi.db.query(ENTRY).findMany({
        where: { contest: { id: contest.id } },
        orderBy: { submittedAt: 'asc' },
        // Not the texts: a month may hold thousands of entries.
        select: [
          'id',
          'code',
          'title',
          'contactName',
          'contactPhone',
          'contactCountry',
          'language',
          'status',
          'submittedAt',
          'wordCount',
          'originalityFlag',
          'photoKey',
        ],
        populate: { poet: { select: ['id', 'name', 'email'] } },
      });
      const summary = await scores.summaries(contest);
      return {
        month: contest.month,
        months,
        normaliseScores: summary.normalised,
        judgesPerEntry: settings.judgesPerEntry,
        rows: rows.map((row) => {
          const result = summary.byEntry.get(row.id);
          return {
            code: row.code,
            title: row.title,
            poetName: row.poet?.name ?? null,
            poetEmail: row.poet?.email ?? null,
            contactName: row.contactName,
            contactPhone: row.contactPhone,
            country: row.contactCountry,
            language: row.language,
            status: row.status,
            submittedAt: new Date(row.submittedAt).toISOString(),
            wordCount: row.wordCount,
            originalityFlag: row.originalityFlag ?? null,
            judges: result?.totals.length ?? 0,
            totals: result?.totals ?? [],
            meanTotal: result?.meanTotal ?? null,
            normalisedScore: result?.normalisedScore ?? null,
            score: result?.score ?? null,
            hasPhoto: Boolean(row.photoKey),
          };
        }),
      };
    },
  };
};
