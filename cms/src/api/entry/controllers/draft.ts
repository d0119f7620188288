import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { ApiError, parseInput } from '../../../lib/api-error';
import { createLimit } from '../../../lib/rate-limit';
import { draftEnterFields, draftFields, draftIdParam } from '../validation/draft';
import { getService } from '../../../services';
import { msg } from '../../../lib/messages';

type UploadedFile = { filepath: string; size: number; originalFilename?: string | null };

const limitSaves = createLimit({ points: 30, durationSeconds: 600, message: msg('draft.savesLimit') });
const limitEntries = createLimit({ points: 30, durationSeconds: 600, message: msg('entry.entriesLimit') });

/** The poem of a draft: one file in the multipart field `poem`, or a 422 naming the field. */
function poemIn(ctx: Context): UploadedFile {
  const file = ctx.request.files?.poem;
  if (Array.isArray(file)) throw new ApiError(422, msg('entry.oneFile', { field: 'poem' }), { field: 'poem' }, 'ValidationError');
  if (!file || file.size === 0) throw new ApiError(422, msg('entry.attachPoem'), { field: 'poem' }, 'ValidationError');
  return file;
}

/** /api/entries/drafts*: the signed-in poet's own drafts (another poet's answer 404, as if absent). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const drafts = () => getService(strapi, 'api::entry.drafts');
  return {
    async mine(ctx: Context) {
      ctx.body = { data: await drafts().mine(ctx.state.user) };
      ctx.set('Cache-Control', 'private, no-store');
    },

    async save(ctx: Context) {
      await limitSaves(`draft:${ctx.state.user.id}`);
      const fields = parseInput(draftFields, ctx.request.body ?? {});
      const poem = poemIn(ctx);
      ctx.status = 201;
      ctx.body = await drafts().save(ctx.state.user, fields, poem);
    },

    async remove(ctx: Context) {
      await drafts().remove(ctx.state.user, parseInput(draftIdParam, ctx.params.id));
      ctx.status = 204;
    },

    async enter(ctx: Context) {
      await limitEntries(`entry:${ctx.state.user.id}`);
      const id = parseInput(draftIdParam, ctx.params.id);
      const { declarations } = parseInput(draftEnterFields, ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = await drafts().enter(ctx.state.user, id, declarations);
    },
  };
};
