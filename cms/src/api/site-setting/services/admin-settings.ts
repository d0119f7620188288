import type { Core } from '@strapi/strapi';
import type { AdminSettings } from '@writory/shared';
import type { SettingsInput } from '../validation/admin-settings';
import { DEFAULT_SETTINGS } from '../lib/defaults';

const SETTING = 'api::site-setting.site-setting';
const FIELDS = Object.keys(DEFAULT_SETTINGS) as (keyof AdminSettings)[];
/** Settings that may be left empty; the others fall back to their default. */
const OPTIONAL = new Set<string>(['whatsappPrimary', 'whatsappSecondary', 'instagramUrl', 'facebookUrl', 'xUrl', 'linkedinUrl', 'youtubeUrl']);

const present = (row: Record<string, unknown>): AdminSettings =>
  Object.fromEntries(FIELDS.map((field) => [field, row[field] ?? (OPTIONAL.has(field) ? null : DEFAULT_SETTINGS[field])])) as unknown as AdminSettings;

/** Every site setting, read and changed by admins on /admin-settings (the document service, so the site rebuilds). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const settings = () => strapi.documents(SETTING);
  return {
    async read(): Promise<AdminSettings> {
      return present(((await settings().findFirst()) ?? DEFAULT_SETTINGS) as Record<string, unknown>);
    },

    async update(input: SettingsInput): Promise<AdminSettings> {
      const current = await settings().findFirst();
      const saved = current
        ? await settings().update({ documentId: current.documentId, data: input as any })
        : await settings().create({ data: { ...DEFAULT_SETTINGS, ...input } as any });
      return present(saved as Record<string, unknown>);
    },
  };
};
