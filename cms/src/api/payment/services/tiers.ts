import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CURRENCY_CODES, type AdminTier, type CurrencyCode, type Money, type PublicTier, type TierCatalogue } from '@writory/shared';
import type { TierInputParsed } from '../validation/payment';
import { getService } from '../../../services';
import type { RowOf } from '../../../lib/rows';
import { msg, say } from '../../../lib/messages';

const UID = 'api::payment.entry-tier';

export type TierRow = RowOf<'api::payment.entry-tier', { prices: Money[] }>;

const byOrder = (a: TierRow, b: TierRow) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.entries - b.entries || a.id - b.id;
const prices = (row: TierRow): Money[] =>
  (row.prices ?? [])
    .map(({ currency, amount }) => ({ currency, amount }))
    .sort((a, b) => CURRENCY_CODES.indexOf(a.currency) - CURRENCY_CODES.indexOf(b.currency));

export const toPublicTier = (row: TierRow): PublicTier => ({ id: row.id, name: row.name, entries: row.entries, prices: prices(row) });
const toAdminTier = (row: TierRow): AdminTier => ({
  ...toPublicTier(row),
  active: row.active,
  sortOrder: row.sortOrder ?? 0,
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** Entry tiers and their prices. Written through the document service, so the site rebuilds its rules section. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = () => strapi.documents(UID);
  const all = async (): Promise<TierRow[]> => ((await documents().findMany({ populate: ['prices'], limit: 1000 })) as unknown as TierRow[]).sort(byOrder);

  async function byId(id: number): Promise<TierRow | null> {
    const [row] = (await documents().findMany({ filters: { id }, populate: ['prices'], limit: 1 })) as unknown as TierRow[];
    return row ?? null;
  }

  return {
    byId,

    async catalogue(): Promise<TierCatalogue> {
      const tiers = (await all()).filter((t) => t.active && t.prices?.length).map(toPublicTier);
      const used = new Set(tiers.flatMap((t) => t.prices.map((p) => p.currency)));
      const gateway = getService(strapi, 'api::payment.gateway');
      return {
        mode: gateway.mode(),
        testMode: gateway.testMode(),
        currencies: CURRENCY_CODES.filter((c) => used.has(c)),
        tiers,
        freeEntriesPerMonth: (await getService(strapi, 'api::site-setting.site-setting').contestSettings()).maxEntriesPerMonth,
      };
    },

    async adminList(): Promise<AdminTier[]> {
      return (await all()).map(toAdminTier);
    },

    async create(input: TierInputParsed): Promise<AdminTier> {
      const row = await documents().create({ data: input as never, populate: ['prices'] });
      return toAdminTier(row as unknown as TierRow);
    },

    async update(id: number, input: TierInputParsed): Promise<AdminTier> {
      const existing = await byId(id);
      if (!existing) throw new errors.NotFoundError(say(msg('tier.notFound', { id })));
      const row = await documents().update({ documentId: existing.documentId, data: input as never, populate: ['prices'] });
      return toAdminTier(row as unknown as TierRow);
    },

    priceOf(tier: TierRow, currency: CurrencyCode): number | null {
      return tier.prices?.find((p) => p.currency === currency)?.amount ?? null;
    },
  };
};
