import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { clientAddress } from '../../../lib/client-address';
import { passwordResetBody, verificationBody } from '../validation/auth-mail';
import { getService } from '../../../services';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'api::auth-mail.auth-mail');
  return {
    async verification(ctx: Context) {
      parseInput(verificationBody, ctx.request.body ?? {});
      ctx.body = await service().sendVerification(ctx.state.user);
    },

    /** 202 whether or not the address has an account: the answer never tells. */
    async passwordReset(ctx: Context) {
      const { email } = parseInput(passwordResetBody, ctx.request.body ?? {});
      ctx.status = 202;
      ctx.body = await service().sendPasswordReset(email, clientAddress(ctx));
    },
  };
};
