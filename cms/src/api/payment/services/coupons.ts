import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { formatMoney, type AdminCoupon, type CurrencyCode } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { msg, say, type Message } from '../../../lib/messages';
import { isUniqueViolation } from '../../../lib/db';
import { isoOf } from '../../../lib/money-db';
import { couponDiscount, couponStatus } from '../lib/coupon-rules';
import type { CouponInputParsed } from '../validation/payment';
import { CHECKOUT_EXPIRES_MINUTES } from '../lib/checkout';
import type { TierRow } from './tiers';
import { getService } from '../../../services';
import type { RowOf } from '../../../lib/rows';

const UID = 'api::payment.coupon';
const ORDER = 'api::payment.order';
/** A pending checkout holds its coupon use a little longer than the Stripe session lives. */
const PENDING_HOLD_MS = (CHECKOUT_EXPIRES_MINUTES + 5) * 60_000;

export type CouponRow = RowOf<'api::payment.coupon', { discountType: 'percent' | 'fixed'; currency: CurrencyCode | null; tierIds: number[] | null }>;

/** A coupon problem at checkout: 422 on the couponCode field, so the form shows it beside the code. */
const couponError = (message: Message) =>
  new ApiError(422, message, { errors: [{ path: ['couponCode'], message: say(message), name: 'ValidationError' }] }, 'ValidationError');

export function describeCoupon(coupon: Pick<CouponRow, 'discountType' | 'percentOff' | 'amountOff' | 'currency' | 'description'>): string {
  if (coupon.description) return coupon.description;
  if (coupon.discountType === 'percent') return `${coupon.percentOff}% off`;
  return `${formatMoney(coupon.amountOff ?? 0, coupon.currency ?? 'USD')} off`;
}

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const coupons = () => strapi.db.query(UID);
  const orders = () => strapi.db.query(ORDER);

  /** Uses that count against the limits: paid or refunded orders, and checkouts still in progress. */
  function useFilter(couponId: number, now: Date) {
    return {
      couponId,
      $or: [{ state: { $in: ['paid', 'refunded'] } }, { state: 'pending', createdAt: { $gt: new Date(now.getTime() - PENDING_HOLD_MS) } }],
    };
  }

  const countUses = (couponId: number, now: Date, userId?: number) => orders().count({ where: { ...useFilter(couponId, now), ...(userId ? { userId } : {}) } });

  async function toAdmin(row: CouponRow, now = new Date()): Promise<AdminCoupon> {
    const [uses, paidUses] = await Promise.all([countUses(row.id, now), orders().count({ where: { couponId: row.id, state: 'paid' } })]);
    return {
      id: row.id,
      code: row.code,
      description: row.description ?? null,
      discountType: row.discountType,
      percentOff: row.percentOff ?? null,
      amountOff: row.amountOff ?? null,
      currency: row.currency ?? null,
      validFrom: isoOf(row.validFrom),
      validUntil: isoOf(row.validUntil),
      maxUses: row.maxUses ?? null,
      maxUsesPerPoet: row.maxUsesPerPoet ?? null,
      tierIds: row.tierIds ?? [],
      disabled: Boolean(row.disabledAt),
      uses,
      paidUses,
      status: couponStatus(row, uses, now),
    } as AdminCoupon;
  }

  async function checkTiers(tierIds: number[]) {
    for (const id of tierIds) {
      if (!(await getService(strapi, 'api::payment.tiers').byId(id))) {
        throw new ApiError(
          422,
          msg('tier.notFound', { id }),
          { errors: [{ path: ['tierIds'], message: say(msg('tier.notFound', { id })) }] },
          'ValidationError',
        );
      }
    }
  }

  async function save(write: () => Promise<CouponRow>): Promise<AdminCoupon> {
    try {
      return toAdmin(await write());
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError(409, msg('coupon.codeTaken'), { errors: [{ path: ['code'], message: say('coupon.codeTaken') }] }, 'ConflictError');
      throw error;
    }
  }

  return {
    findByCode: (code: string): Promise<CouponRow | null> => coupons().findOne({ where: { code: code.trim().toUpperCase() } }),

    /**
     * The discount a coupon gives on this order, or a 422 naming why it does not apply. Run it inside the
     * checkout transaction, after locking the coupon, so two checkouts cannot both take its last use.
     */
    async evaluate(input: {
      code: string;
      tier: TierRow;
      currency: CurrencyCode;
      subtotal: number;
      userId: number;
      now: Date;
    }): Promise<{ coupon: CouponRow; discount: number }> {
      const { code, tier, currency, subtotal, userId, now } = input;
      const coupon = await this.findByCode(code);
      if (!coupon) throw couponError(msg('coupon.none', { code }));
      if (coupon.disabledAt) throw couponError(msg('coupon.disabled', { code: coupon.code }));
      if (coupon.validFrom && Date.parse(coupon.validFrom) > now.getTime())
        throw couponError(msg('coupon.notYet', { code: coupon.code, day: day(coupon.validFrom) }));
      if (coupon.validUntil && Date.parse(coupon.validUntil) <= now.getTime())
        throw couponError(msg('coupon.expired', { code: coupon.code, day: day(coupon.validUntil) }));
      const tierIds = coupon.tierIds ?? [];
      if (tierIds.length && !tierIds.includes(tier.id)) throw couponError(msg('coupon.otherTier', { code: coupon.code, tier: tier.name }));
      if (coupon.discountType === 'fixed' && coupon.currency !== currency) {
        throw couponError(
          msg('coupon.otherCurrency', {
            code: coupon.code,
            amount: formatMoney(coupon.amountOff ?? 0, coupon.currency ?? currency),
            currency: coupon.currency ?? '',
          }),
        );
      }
      if (coupon.maxUses !== null && (await countUses(coupon.id, now)) >= coupon.maxUses) throw couponError(msg('coupon.usedUp', { code: coupon.code }));
      if (coupon.maxUsesPerPoet !== null && (await countUses(coupon.id, now, userId)) >= coupon.maxUsesPerPoet) {
        throw couponError(msg('coupon.usedByPoet', { code: coupon.code, times: coupon.maxUsesPerPoet }));
      }
      return { coupon, discount: couponDiscount(coupon, subtotal) };
    },

    async adminList(): Promise<AdminCoupon[]> {
      const rows: CouponRow[] = await coupons().findMany({ orderBy: { createdAt: 'desc' }, limit: 1000 });
      const now = new Date();
      return Promise.all(rows.map((row) => toAdmin(row, now)));
    },

    async create(input: CouponInputParsed): Promise<AdminCoupon> {
      await checkTiers(input.tierIds);
      return save(() => coupons().create({ data: input }));
    },

    async update(id: number, input: CouponInputParsed): Promise<AdminCoupon> {
      if (!(await coupons().findOne({ where: { id } }))) throw new errors.NotFoundError(say(msg('coupon.notFoundId', { id })));
      await checkTiers(input.tierIds);
      return save(() => coupons().update({ where: { id }, data: input }));
    },

    async setDisabled(id: number, disabled: boolean): Promise<AdminCoupon> {
      const row: CouponRow | null = await coupons().findOne({ where: { id } });
      if (!row) throw new errors.NotFoundError(say(msg('coupon.notFoundId', { id })));
      if (Boolean(row.disabledAt) === disabled) return toAdmin(row);
      return toAdmin(await coupons().update({ where: { id }, data: { disabledAt: disabled ? new Date() : null } }));
    },
  };
};
