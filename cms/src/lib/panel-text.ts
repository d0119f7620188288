// Text typed in the Strapi panel skips our zod boundaries: the short fields people read as names and titles lose
// the bidirectional controls there too (see withoutBidiControls), whoever writes them. Bodies keep their text.
import type { Core } from '@strapi/strapi';
import { withoutBidiControls } from '@writory/shared';

/** The name- and title-like fields of each content type that editors write in the panel. */
export const PANEL_TEXT_FIELDS: Record<string, string[]> = {
  'api::testimonial.testimonial': ['name', 'title', 'location'],
  'api::article.article': ['title', 'author'],
  'api::tag.tag': ['name'],
  'api::faq.faq': ['question'],
  'api::wall-post.wall-post': ['title'],
};

/** A copy of `data` with those fields cleaned (other fields untouched). */
export function cleanPanelText(uid: string, data: Record<string, unknown>): Record<string, unknown> {
  const fields = PANEL_TEXT_FIELDS[uid];
  if (!fields) return data;
  const cleaned = { ...data };
  for (const field of fields) {
    if (typeof cleaned[field] === 'string') cleaned[field] = withoutBidiControls(cleaned[field] as string);
  }
  return cleaned;
}

export function cleanPanelTextOnWrite(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    const params = context.params as { data?: Record<string, unknown> };
    if ((context.action === 'create' || context.action === 'update') && params.data && PANEL_TEXT_FIELDS[context.uid]) {
      params.data = cleanPanelText(context.uid, params.data);
    }
    return next();
  });
}
