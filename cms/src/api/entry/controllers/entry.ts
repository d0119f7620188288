import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { ApiError, parseInput } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';
import { createLimit } from '../../../lib/rate-limit';
import { sendPrivateFile } from '../../../lib/private-files';
import { competitionField, entryFields, idempotencyKeyOf, previewFields } from '../validation/entry';
import { monthParam } from '../../contest/validation/contest';
import { getService } from '../../../services';

type UploadedFile = { filepath: string; size: number; originalFilename?: string | null; hash?: string | null };

const limitPreviews = createLimit({ points: 60, durationSeconds: 600, message: msg('entry.checksLimit') });
const limitEntries = createLimit({ points: 30, durationSeconds: 600, message: msg('entry.entriesLimit') });

/** The one file in a multipart field (null when none was sent), or a 422 naming the field. */
function fileIn(ctx: Context, field: string): UploadedFile | null {
  const file = ctx.request.files?.[field];
  if (Array.isArray(file)) throw new ApiError(422, msg('entry.oneFile', { field }), { field }, 'ValidationError');
  return file && file.size > 0 ? file : null;
}

function poemIn(ctx: Context): UploadedFile {
  const poem = fileIn(ctx, 'poem');
  if (!poem) throw new ApiError(422, msg('entry.attachPoem'), { field: 'poem' }, 'ValidationError');
  return poem;
}

/** The competition a request names: ?competition= or the multipart field `competition`; poetry when neither. */
function competitionIn(ctx: Context): string {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  return parseInput(competitionField, { competition: body.competition ?? ctx.query.competition }).competition;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const entries = () => getService(strapi, 'api::entry.entry');
  const entryStorage = () => getService(strapi, 'api::entry.storage');
  return {
    async allowance(ctx: Context) {
      ctx.body = await entries().allowanceFor(ctx.state.user, new Date(), competitionIn(ctx));
    },

    async preview(ctx: Context) {
      await limitPreviews(`preview:${ctx.state.user.id}`);
      // Who may enter, and when, comes first: a closed window or an age refusal is the answer, not a missing field.
      const entrant = await entries().requireEligible(ctx.state.user, new Date(), competitionIn(ctx));
      const poem = poemIn(ctx);
      const fields = parseInput(previewFields, ctx.request.body ?? {});
      ctx.body = await entries().preview(entrant, { ...fields, poem });
    },

    async create(ctx: Context) {
      await limitEntries(`entry:${ctx.state.user.id}`);
      const entrant = await entries().requireEligible(ctx.state.user, new Date(), competitionIn(ctx));
      const key = idempotencyKeyOf(ctx.request.headers['idempotency-key']);
      const poem = poemIn(ctx);
      const photo = fileIn(ctx, 'photo');
      const fields = parseInput(entryFields, ctx.request.body ?? {});
      const { receipt, created } = await entries().create(entrant, { key, fields, poem, photo });
      ctx.status = created ? 201 : 200;
      ctx.body = receipt;
    },

    async mine(ctx: Context) {
      ctx.body = await entries().mine(ctx.state.user);
      ctx.set('Cache-Control', 'private, no-store');
    },

    async file(ctx: Context) {
      await sendPrivateFile(ctx, entryStorage().privateFiles(), await entryStorage().originalFile(ctx.state.user, String(ctx.params.code)));
    },

    async photo(ctx: Context) {
      await sendPrivateFile(ctx, entryStorage().privateFiles(), await entryStorage().photoFile(ctx.state.user, String(ctx.params.code)), 'inline');
    },

    async count(ctx: Context) {
      ctx.body = { count: await entries().submissionCount() };
      ctx.set('Cache-Control', 'public, max-age=10');
    },

    async adminList(ctx: Context) {
      const month = ctx.query.month ? parseInput(monthParam, ctx.query.month) : undefined;
      ctx.body = await getService(strapi, 'api::entry.admin-table').rows(month, competitionIn(ctx));
      ctx.set('Cache-Control', 'private, no-store');
    },
  };
};
