import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { certificatesQuery, DEFAULT_COMPETITION, withoutBidiControls } from '@writory/shared';
import { parseInput } from '../../../lib/api-error';
import { getService } from '../../../services';

/** ?kind=&month=&competition= (poetry without a competition). */
function kindAndMonth(input: unknown) {
  const { kind, month, competition } = parseInput(certificatesQuery, input ?? {});
  return { kind, month, competition: competition ?? DEFAULT_COMPETITION };
}
const slug = z.object({ slug: z.string().min(1).max(160) });
const code = z.object({ code: z.string().trim().min(4, 'is too short').max(20, 'is too long') });

const service = (strapi: Core.Strapi) => getService(strapi, 'api::certificate.certificate');

function sendPdf(ctx: Context, bytes: Uint8Array, name: string) {
  const fileName = withoutBidiControls(name);
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  ctx.set('Cache-Control', 'private, max-age=300');
  ctx.body = Buffer.from(bytes);
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async view(ctx: Context) {
    ctx.body = await service(strapi).view(parseInput(slug, ctx.params).slug);
  },

  async pdf(ctx: Context) {
    const { view, bytes } = await service(strapi).pdf(parseInput(slug, ctx.params).slug);
    sendPdf(ctx, bytes, `writory-certificate-${view.slug}.pdf`);
  },

  async verify(ctx: Context) {
    ctx.body = await service(strapi).verify(parseInput(code, ctx.params).code);
  },

  async mine(ctx: Context) {
    ctx.body = { certificates: await service(strapi).mine(ctx.state.user.id) };
  },

  async list(ctx: Context) {
    const { kind, month, competition } = kindAndMonth(ctx.query);
    ctx.body = { certificates: await service(strapi).list(kind, month, competition) };
  },

  async preview(ctx: Context) {
    const { kind, month, competition } = kindAndMonth(ctx.query);
    ctx.body = await service(strapi).preview(kind, month, competition);
  },

  async previewPdf(ctx: Context) {
    const { kind, month, competition } = kindAndMonth(ctx.query);
    sendPdf(ctx, await service(strapi).previewPdf(kind, month, competition), `writory-${kind}-certificate-preview-${month}.pdf`);
  },

  async issue(ctx: Context) {
    const { kind, month, competition } = kindAndMonth(ctx.request.body);
    ctx.body = { success: true, ...(await service(strapi).issueMonth(kind, month, competition)) };
  },

  async reissue(ctx: Context) {
    ctx.body = { success: true, certificate: await service(strapi).reissue(parseInput(slug, ctx.params).slug) };
  },
});
