import type { Core } from '@strapi/strapi';

interface PanelAccount {
  email: string;
  password: string;
  lastname: string;
}

function account(email: string | undefined, password: string | undefined, lastname: string): PanelAccount | null {
  const address = email?.trim().toLowerCase();
  return address && password ? { email: address, password, lastname } : null;
}

/**
 * The Strapi panel's accounts from the environment, so a fresh clone (or deployment) can sign in:
 * STRAPI_ADMIN_EMAIL/PASSWORD is the owner (Super Admin: settings, accounts, every content type) and
 * STRAPI_EDITOR_EMAIL/PASSWORD an editor (the Editor role of ./panel-roles.ts, nothing else). Each is created
 * when no panel account has its email; passwords changed in the panel are kept. The editor account is put back
 * on the Editor role alone on every boot, so it can never be left a Super Admin.
 */
export async function seedPanelAccounts(strapi: Core.Strapi) {
  const users = strapi.service('admin::user');
  const roles = strapi.service('admin::role');
  const superAdmin = await roles.getSuperAdmin();
  const editorRole = await roles.findOne({ code: 'strapi-editor' });
  const findByEmail = (email: string) => strapi.db.query('admin::user').findOne({ where: { email }, populate: ['roles'] });
  const create = async (account: PanelAccount, roleId: number) => {
    await users.create({
      email: account.email,
      firstname: 'Writory',
      lastname: account.lastname,
      password: account.password,
      isActive: true,
      roles: [roleId],
      registrationToken: null,
    });
    strapi.log.info(`seeded admin panel account ${account.email}`);
  };

  const owner = account(process.env.STRAPI_ADMIN_EMAIL, process.env.STRAPI_ADMIN_PASSWORD, 'Owner');
  if (owner && superAdmin && !(await findByEmail(owner.email))) await create(owner, superAdmin.id);

  const editor = account(process.env.STRAPI_EDITOR_EMAIL, process.env.STRAPI_EDITOR_PASSWORD, 'Editor');
  if (!editor || !editorRole) return;
  const existing = await findByEmail(editor.email);
  if (!existing) {
    // Without an owner the first account would be an editor nobody can manage, and the panel's sign-up closed.
    if (!superAdmin || (await roles.getUsersCount(superAdmin.id)) === 0) {
      strapi.log.warn(`STRAPI_EDITOR_EMAIL: ${editor.email} not created: the panel has no owner yet (set STRAPI_ADMIN_EMAIL)`);
      return;
    }
    await create(editor, editorRole.id);
    return;
  }
  const roleIds = (existing.roles as { id: number }[]).map((role) => role.id);
  if (roleIds.length !== 1 || roleIds[0] !== editorRole.id) {
    try {
      await users.updateById(existing.id, { roles: [editorRole.id] });
      strapi.log.info(`admin panel account ${editor.email} set to the Editor role`);
    } catch (error) {
      // updateById refuses to take the Super Admin role from the last account that has it.
      strapi.log.warn(`STRAPI_EDITOR_EMAIL: ${editor.email} keeps its roles: ${(error as Error).message} (set STRAPI_ADMIN_EMAIL)`);
    }
  }
}
