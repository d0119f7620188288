import type { Core } from '@strapi/strapi';
import { ensureRoles } from './seed/roles';
import { seedPanelAdmin } from './seed/panel-admin';
import { seedDemoData } from './seed/demo';

export default {
  register(/* { strapi }: { strapi: Core.Strapi } */) {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureRoles(strapi);
    await seedPanelAdmin(strapi);
    if (process.env.WRITORY_DEMO_DATA === 'true') await seedDemoData(strapi);
  },
};
