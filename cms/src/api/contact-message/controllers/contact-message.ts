import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { parseInput } from '../../../lib/api-error';
import { clientAddress } from '../../../lib/client-address';
import { createLimit } from '../../../lib/rate-limit';
import { msg } from '../../../lib/messages';
import { contactInput } from '../services/validation';
import { getService } from '../../../services';

const perClient = createLimit({
  points: Number(process.env.CONTACT_MESSAGES_PER_MINUTE ?? 5),
  durationSeconds: 60,
  message: msg('contact.limit'),
});

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  create: async (ctx: Context) => {
    const input = parseInput(contactInput, ctx.request.body);
    await perClient(clientAddress(ctx));
    await getService(strapi, 'api::contact-message.contact-message').receive(input);
    ctx.status = 201;
    ctx.body = { success: true };
  },
});
