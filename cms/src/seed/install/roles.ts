import type { Core } from '@strapi/strapi';

/** Product roles beyond the plugin's Public and Authenticated (the poet role). */
export const PRODUCT_ROLES = [
  { type: 'judge', name: 'Judge', description: 'Scores contest entries blind' },
  { type: 'moderator', name: 'Moderator', description: 'Moderates the Writory Wall' },
  { type: 'admin', name: 'Admin', description: 'Runs the contest: results, users, settings' },
] as const;

export type RoleType = 'authenticated' | (typeof PRODUCT_ROLES)[number]['type'];

export async function ensureRoles(strapi: Core.Strapi) {
  const roles = strapi.db.query('plugin::users-permissions.role');
  for (const role of PRODUCT_ROLES) {
    const existing = await roles.findOne({ where: { type: role.type } });
    if (!existing) await roles.create({ data: role });
  }
}

export async function roleId(strapi: Core.Strapi, type: RoleType): Promise<number> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type } });
  if (!role) throw new Error(`role ${type} is missing`);
  return role.id;
}
