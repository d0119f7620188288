import type { Core } from '@strapi/strapi';
import { LOCALES } from '@writory/shared';
import { localizedTypes } from './content-locales';

/**
 * The Strapi panel's roles, kept as code: on every boot the Editor and Author roles get exactly these
 * permissions (whatever was ticked in Settings → Roles is put back). Editors keep the site's words and pictures;
 * accounts, entries, scores, money, contact messages and visits stay with the owner (Super Admin) and the site's
 * admin pages. Strapi's stock Editor role would otherwise get every content type.
 */
const EXPLORER = 'plugin::content-manager.explorer';

interface EditorialType {
  uid: string;
  actions: ('create' | 'read' | 'update' | 'delete' | 'publish')[];
  /** Only these fields (default: all of them). */
  fields?: string[];
  /** Every field but these. */
  withoutFields?: string[];
}

const COLLECTION = ['create', 'read', 'update', 'delete'] as const;
const SINGLE = ['create', 'read', 'update'] as const;

export const EDITORIAL_TYPES: EditorialType[] = [
  { uid: 'api::article.article', actions: [...COLLECTION, 'publish'] },
  { uid: 'api::tag.tag', actions: [...COLLECTION] },
  { uid: 'api::testimonial.testimonial', actions: [...COLLECTION, 'publish'] },
  { uid: 'api::faq.faq', actions: [...COLLECTION, 'publish'] },
  { uid: 'api::about-page.about-page', actions: [...SINGLE] },
  { uid: 'api::terms-page.terms-page', actions: [...SINGLE] },
  { uid: 'api::privacy-page.privacy-page', actions: [...SINGLE] },
  // Contact details, social links and the counters' fallbacks; the contest rules stay with the owner and admins.
  {
    uid: 'api::site-setting.site-setting',
    actions: [...SINGLE],
    fields: [
      'contactEmail',
      'whatsappPrimary',
      'whatsappSecondary',
      'instagramUrl',
      'facebookUrl',
      'xUrl',
      'linkedinUrl',
      'youtubeUrl',
      'poetsCountFallback',
      'piecesCountFallback',
    ],
  },
  // A competition's description (its page's rules and words); what it takes and its limits stay with the admins.
  { uid: 'api::competition.competition', actions: ['read', 'update'], fields: ['description'] },
  // Its translations (issue 39): the tagline and description in Hindi and Arabic.
  { uid: 'api::competition.competition-description', actions: [...COLLECTION] },
  // Wall moderation (src/api/wall-post/lib/panel.ts) without the poet's account or the reporter's id.
  { uid: 'api::wall-post.wall-post', actions: ['read', 'update', 'delete'], withoutFields: ['poet'] },
  { uid: 'api::wall-post.wall-report', actions: ['read', 'update'], withoutFields: ['reporterId'] },
];

/** The media library, for covers and testimonial pictures (Strapi's stock editor permissions). */
const MEDIA_ACTIONS = [
  'plugin::upload.read',
  'plugin::upload.configure-view',
  'plugin::upload.assets.create',
  'plugin::upload.assets.update',
  'plugin::upload.assets.download',
  'plugin::upload.assets.copy-link',
];

/** Authors write editorial content (not the wall) and change only what they created; editors publish. */
const AUTHOR_ACTIONS = new Set(['create', 'read', 'update']);
/** Editors' alone: wall moderation, and the competitions' descriptions (authors create none, so they could change none). */
const EDITORS_ONLY = new Set([
  'api::wall-post.wall-post',
  'api::wall-post.wall-report',
  'api::competition.competition',
  'api::competition.competition-description',
]);

interface PanelPermission {
  action: string;
  subject?: string;
  properties?: { fields?: string[]; locales?: string[] };
  conditions?: string[];
}

function fieldsOf(strapi: Core.Strapi, type: EditorialType): string[] {
  const all: string[] = strapi.service('admin::content-type').getNestedFields(strapi.contentTypes[type.uid as keyof typeof strapi.contentTypes], {
    components: strapi.components,
  });
  if (type.fields) return all.filter((field) => type.fields!.some((allowed) => field === allowed || field.startsWith(`${allowed}.`)));
  return all.filter((field) => !type.withoutFields?.some((hidden) => field === hidden || field.startsWith(`${hidden}.`)));
}

export function editorPermissions(strapi: Core.Strapi): PanelPermission[] {
  const permissions: PanelPermission[] = [];
  // A translated type's permissions name the languages they cover (issue 39): all of the site's.
  const localized = new Set(localizedTypes(strapi));
  for (const type of EDITORIAL_TYPES) {
    const locales = localized.has(type.uid) ? { locales: [...LOCALES] } : {};
    for (const action of type.actions) {
      const hasFields = action === 'create' || action === 'read' || action === 'update';
      permissions.push({
        action: `${EXPLORER}.${action}`,
        subject: type.uid,
        properties: { ...(hasFields ? { fields: fieldsOf(strapi, type) } : {}), ...locales },
        conditions: [],
      });
    }
  }
  return [...permissions, ...MEDIA_ACTIONS.map((action) => ({ action, properties: {}, conditions: [] }))];
}

export function authorPermissions(strapi: Core.Strapi): PanelPermission[] {
  const own = ['admin::is-creator'];
  return editorPermissions(strapi)
    .filter(({ action, subject }) => !subject || (!EDITORS_ONLY.has(subject) && AUTHOR_ACTIONS.has(action.slice(EXPLORER.length + 1))))
    .map((permission) => ({
      ...permission,
      conditions: ['plugin::upload.read', 'plugin::upload.assets.update'].includes(permission.action) || permission.subject ? own : [],
    }));
}

const PANEL_ROLES = [
  {
    code: 'strapi-editor',
    name: 'Editor',
    description: 'Editors write and publish the site content (articles, pages, FAQ, testimonials) and moderate the wall.',
    permissions: editorPermissions,
  },
  {
    code: 'strapi-author',
    name: 'Author',
    description: 'Authors write site content and change only what they created; an editor publishes it.',
    permissions: authorPermissions,
  },
];

/** Creates the Editor and Author roles when missing and sets their permissions to the lists above. */
export async function ensurePanelRoles(strapi: Core.Strapi): Promise<void> {
  const roles = strapi.service('admin::role');
  for (const { code, name, description, permissions } of PANEL_ROLES) {
    const role = (await roles.findOne({ code })) ?? (await roles.create({ code, name, description }));
    await roles.assignPermissions(role.id, permissions(strapi));
  }
}
