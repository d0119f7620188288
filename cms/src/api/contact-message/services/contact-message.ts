import type { Core } from '@strapi/strapi';
import type { ContactInput } from './validation';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Stores a message; a filled honeypot is answered like a success but nothing is kept. */
  async receive({ website, ...message }: ContactInput): Promise<{ stored: boolean }> {
    if (website.trim() !== '') {
      strapi.log.info('contact form: honeypot filled, message dropped');
      return { stored: false };
    }
    await strapi.documents('api::contact-message.contact-message').create({ data: message });
    return { stored: true };
  },
});
