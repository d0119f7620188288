import type { Core } from '@strapi/strapi';

/** A local account for the Strapi admin panel, so editors can sign in on a fresh clone. */
export async function seedPanelAdmin(strapi: Core.Strapi) {
  const email = process.env.STRAPI_ADMIN_EMAIL;
  const password = process.env.STRAPI_ADMIN_PASSWORD;
  if (!email || !password) return;
  const users = strapi.service('admin::user');
  if ((await users.count()) > 0) return;
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  await users.create({
    email,
    firstname: 'Writory',
    lastname: 'Editor',
    password,
    isActive: true,
    roles: superAdmin ? [superAdmin.id] : [],
    registrationToken: null,
  });
  strapi.log.info(`seeded admin panel account ${email}`);
}
