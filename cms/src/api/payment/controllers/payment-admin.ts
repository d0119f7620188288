import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { idParam } from '../../../lib/params';
import { couponInput, couponPatch, revenueQuery, settingsInput, tierInput } from '../validation/payment';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const tiers = () => getService(strapi, 'api::payment.tiers');
  const coupons = () => getService(strapi, 'api::payment.coupons');
  return {
    async listTiers(ctx: Context) {
      ctx.body = await tiers().adminList();
    },
    async createTier(ctx: Context) {
      ctx.status = 201;
      ctx.body = await tiers().create(parseInput(tierInput, ctx.request.body));
    },
    async updateTier(ctx: Context) {
      ctx.body = await tiers().update(idParam(ctx), parseInput(tierInput, ctx.request.body));
    },

    async listCoupons(ctx: Context) {
      ctx.body = await coupons().adminList();
    },
    async createCoupon(ctx: Context) {
      ctx.status = 201;
      ctx.body = await coupons().create(parseInput(couponInput, ctx.request.body));
    },
    async updateCoupon(ctx: Context) {
      ctx.body = await coupons().update(idParam(ctx), parseInput(couponInput, ctx.request.body));
    },
    async patchCoupon(ctx: Context) {
      ctx.body = await coupons().setDisabled(idParam(ctx), parseInput(couponPatch, ctx.request.body).disabled);
    },

    async revenue(ctx: Context) {
      ctx.body = await getService(strapi, 'api::payment.revenue').report(parseInput(revenueQuery, ctx.query));
    },
    async refund(ctx: Context) {
      ctx.body = await getService(strapi, 'api::payment.orders').refund(String(ctx.params.code));
    },

    async settings(ctx: Context) {
      ctx.body = await getService(strapi, 'api::payment-setting.payment-setting').get();
    },
    async updateSettings(ctx: Context) {
      ctx.body = await getService(strapi, 'api::payment-setting.payment-setting').update(parseInput(settingsInput, ctx.request.body));
    },
  };
};
