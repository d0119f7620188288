import type { Core } from '@strapi/strapi';
import { ApiError } from '../../../lib/api-error';
import type { MonthEntry } from './month-entries';
import type { EntryScore } from './result';

/** The judges' in-app scores of a month's entries, as results to publish. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async scores(month: string, entries: MonthEntry[]): Promise<{ scores: Map<number, EntryScore>; errors: { row: number; message: string }[] }> {
    void strapi;
    void entries;
    throw new ApiError(422, `In-app judging scores are not available yet for ${month}; upload a results CSV.`, {}, 'ValidationError');
  },
});
