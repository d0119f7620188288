import { TZDate } from '@date-fns/tz';
import type { Core } from '@strapi/strapi';
import type { AdminFeedback, AdminFeedbackPage } from '@writory/shared';
import type { UserRow } from '../../user/repository';
import type { FeedbackInput, FeedbackListQuery } from '../validation/feedback';
import { paginationOf } from '../../../lib/list-query';
import { getService } from '../../../services';
import type { Columns } from '../../../lib/rows';

const FEEDBACK = 'api::feedback.feedback';
const RATINGS = ['1', '2', '3', '4', '5'] as const;

/** The first instant of a YYYY-MM-DD day (plus `laterDays`) in a time zone. */
export function startOfDay(day: string, timeZone: string, laterDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date + laterDays, 0, 0, 0, timeZone).getTime());
}

type Row = Pick<Columns<'api::feedback.feedback'>, 'documentId' | 'rating' | 'comment' | 'page' | 'createdAt'> & {
  poet: { firebaseUid: string; name: string | null; email: string | null } | null;
};

const present = (row: Row): AdminFeedback => ({
  id: row.documentId,
  rating: row.rating,
  comment: row.comment ?? '',
  page: row.page ?? null,
  createdAt: row.createdAt,
  poet: row.poet ? { uid: row.poet.firebaseUid, name: row.poet.name, email: row.poet.email } : null,
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const feedback = () => strapi.db.query(FEEDBACK);
  return {
    async receive(user: UserRow, input: FeedbackInput): Promise<void> {
      await feedback().create({ data: { rating: input.rating, comment: input.comment, page: input.page ?? null, poet: user.id } });
    },

    /** Newest first, with the count, average and spread of ratings over everything that matches. */
    async list({ rating, from, to, q, page = 1, pageSize = 25 }: FeedbackListQuery): Promise<AdminFeedbackPage> {
      const { contestTimeZone } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
      const and: Record<string, unknown>[] = [];
      if (from) and.push({ createdAt: { $gte: startOfDay(from, contestTimeZone) } });
      if (to) and.push({ createdAt: { $lt: startOfDay(to, contestTimeZone, 1) } });
      if (q) and.push({ $or: [{ comment: { $containsi: q } }, { poet: { name: { $containsi: q } } }, { poet: { email: { $containsi: q } } }] });
      const withRating = rating ? [...and, { rating }] : and;
      const [rows, total, ...perRating] = await Promise.all([
        feedback().findMany({
          where: { $and: withRating },
          populate: { poet: { select: ['firebaseUid', 'name', 'email'] } },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          offset: (page - 1) * pageSize,
          limit: pageSize,
        }),
        feedback().count({ where: { $and: withRating } }),
        ...RATINGS.map((value) => feedback().count({ where: { $and: [...and, { rating: Number(value) }] } })),
      ]);
      const byRating = Object.fromEntries(
        RATINGS.map((value, i) => [value, rating && Number(value) !== rating ? 0 : perRating[i]]),
      ) as AdminFeedbackPage['stats']['byRating'];
      const count = Object.values(byRating).reduce((sum, n) => sum + n, 0);
      const sum = RATINGS.reduce((acc, value) => acc + Number(value) * byRating[value], 0);
      return {
        feedback: rows.map(present),
        pagination: paginationOf(page, pageSize, total),
        stats: { count, average: count ? Math.round((sum / count) * 100) / 100 : null, byRating },
      };
    },
  };
};
