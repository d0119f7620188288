import type { Core } from '@strapi/strapi';
import type { AdminUser, AdminUserPage, RoleType } from '@writory/shared';
import { parseAdminEmails } from '../../../auth/admin-emails';
import { ApiError, forbidden } from '../../../lib/api-error';
import { retryingConflicts } from '../../../lib/db';
import type { UserFilters, UserListQuery } from '../validation/admin-users';
import type { UserRow } from '../repository';
import { isSuspended } from './user';
import { paginationOf } from '../../../lib/list-query';
import { getService } from '../../../services';
import { msg, type Message } from '../../../lib/messages';

const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const EXPORT_PAGE = 500;

export const USER_CSV_HEADER = [
  'uid',
  'email',
  'name',
  'phone',
  'country',
  'role',
  'emailVerified',
  'status',
  'suspendedAt',
  'createdAt',
  'lastSeenAt',
  'entries',
  'entriesThisMonth',
  'remindersOptOut',
];

const notFound = () => new ApiError(404, msg('profile.noUser'));
const conflict = (message: Message) => new ApiError(409, message);
const activeOnly = { suspendedAt: { $null: true }, $or: [{ blocked: false }, { blocked: { $null: true } }] };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.db.query(USER);
  const activity = () => getService(strapi, 'api::user.contest-activity');
  const adminEmails = () => parseAdminEmails(process.env.ADMIN_EMAILS);
  const label = (user: UserRow) => user.email ?? user.name ?? user.firebaseUid;

  async function whereOf(filters: UserFilters, month: string) {
    const and: Record<string, unknown>[] = [];
    if (filters.q) {
      const q = filters.q;
      and.push({ $or: [{ email: { $containsi: q } }, { name: { $containsi: q } }, { phone: { $contains: q } }, { firebaseUid: q }] });
    }
    if (filters.role) and.push({ role: { type: filters.role } });
    if (filters.status === 'suspended') and.push({ $or: [{ suspendedAt: { $notNull: true } }, { blocked: true }] });
    if (filters.status === 'active') and.push(activeOnly);
    if (filters.verified === true) and.push({ emailVerified: true });
    if (filters.verified === false) and.push({ $or: [{ emailVerified: false }, { emailVerified: { $null: true } }] });
    if (filters.entries) {
      const ids = await activity().entrantIds(month);
      and.push({ id: filters.entries === 'entered-this-month' ? { $in: ids } : { $notIn: ids } });
    }
    return { $and: and };
  }

  async function present(rows: UserRow[], month: string): Promise<AdminUser[]> {
    const counts = await activity().entryCounts(
      rows.map((row) => row.id),
      month,
    );
    const byEmail = adminEmails();
    return rows.map((row) => {
      const role = (row.role?.type ?? 'authenticated') as RoleType;
      return {
        uid: row.firebaseUid,
        email: row.email,
        name: row.name,
        phone: row.phone,
        country: row.country ?? null,
        role,
        emailVerified: row.emailVerified === true,
        status: isSuspended(row) ? 'suspended' : 'active',
        suspendedAt: row.suspendedAt,
        createdAt: new Date(row.createdAt).toISOString(),
        lastSeenAt: row.lastSeenAt,
        ...(counts.get(row.id) ?? { entries: 0, entriesThisMonth: 0 }),
        remindersOptOut: row.remindersOptOut === true,
        adminByEmail: role === 'admin' && row.emailVerified === true && !!row.email && byEmail.has(row.email.toLowerCase()),
      };
    });
  }

  async function findTarget(uid: string): Promise<UserRow> {
    const user = await users().findOne({ where: { firebaseUid: uid }, populate: ['role'] });
    if (!user) throw notFound();
    return user;
  }

  async function presentOne(uid: string): Promise<AdminUser> {
    const [user] = await present([await findTarget(uid)], await activity().currentMonth());
    return user;
  }

  /**
   * Runs `change` in a transaction after checking that another active admin would remain. On PostgreSQL the
   * admin role row is locked first, so two admins removing each other at once cannot both succeed.
   */
  async function keepingAnAdmin(target: UserRow, refusal: Message, change: () => Promise<unknown>) {
    await strapi.db.transaction(async ({ trx }) => {
      if (strapi.db.dialect.client === 'postgres') {
        const roleTable = (strapi.db.metadata.get(ROLE) as unknown as { tableName: string }).tableName;
        await trx.raw('select id from ?? where type = ? for update', [roleTable, 'admin']);
      }
      if (target.role?.type === 'admin') {
        const others = await users().count({ where: { $and: [{ role: { type: 'admin' } }, { id: { $ne: target.id } }, activeOnly] } });
        if (others === 0) throw conflict(refusal);
      }
      await change();
    });
  }

  return {
    async list(query: UserListQuery): Promise<AdminUserPage> {
      const { page = 1, pageSize = 25, ...filters } = query;
      const month = await activity().currentMonth();
      const where = await whereOf(filters, month);
      const [rows, total] = await Promise.all([
        users().findMany({ where, populate: ['role'], orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset: (page - 1) * pageSize, limit: pageSize }),
        users().count({ where }),
      ]);
      return {
        users: await present(rows, month),
        pagination: paginationOf(page, pageSize, total),
        month,
      };
    },

    /** Every user matching the filters, as CSV rows, a page at a time. */
    async *exportRows(filters: UserFilters): AsyncGenerator<(string | number | boolean | null)[][]> {
      const month = await activity().currentMonth();
      const where = await whereOf(filters, month);
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const rows = await users().findMany({ where, populate: ['role'], orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset, limit: EXPORT_PAGE });
        if (rows.length === 0) return;
        yield (await present(rows, month)).map((user) =>
          USER_CSV_HEADER.map((key) => (user as unknown as Record<string, string | number | boolean | null>)[key] ?? null),
        );
        if (rows.length < EXPORT_PAGE) return;
      }
    },

    /** poet (authenticated), judge, moderator or admin; never one's own role, nor the last active admin's. */
    async setRole(actor: UserRow, uid: string, role: RoleType): Promise<AdminUser> {
      const target = await findTarget(uid);
      if (target.id === actor.id) throw forbidden(msg('adminUser.ownRole'));
      if (target.role?.type === role) return presentOne(uid);
      if (target.role?.type === 'admin' && target.email && target.emailVerified && adminEmails().has(target.email.toLowerCase())) {
        throw conflict(msg('adminUser.envAdmin', { user: label(target) }));
      }
      const roleRow = await strapi.db.query(ROLE).findOne({ where: { type: role } });
      if (!roleRow) throw new Error(`users-permissions role "${role}" is missing`);
      await retryingConflicts(() =>
        keepingAnAdmin(target, msg('adminUser.lastAdmin', { user: label(target) }), () =>
          users().update({ where: { id: target.id }, data: { role: roleRow.id } }),
        ),
      );
      strapi.log.info(`admin ${actor.firebaseUid} changed the role of ${uid} to ${role}`);
      return presentOne(uid);
    },

    /** From now on the user's token is refused (see user.identify); never oneself, nor the last active admin. */
    async suspend(actor: UserRow, uid: string): Promise<AdminUser> {
      const target = await findTarget(uid);
      if (target.id === actor.id) throw forbidden(msg('adminUser.ownSuspend'));
      if (isSuspended(target)) return presentOne(uid);
      await keepingAnAdmin(target, msg('adminUser.lastAdmin', { user: label(target) }), () =>
        users().update({ where: { id: target.id }, data: { suspendedAt: new Date() } }),
      );
      strapi.log.info(`admin ${actor.firebaseUid} suspended ${uid}`);
      return presentOne(uid);
    },

    async restore(actor: UserRow, uid: string): Promise<AdminUser> {
      const target = await findTarget(uid);
      if (isSuspended(target)) {
        await users().update({ where: { id: target.id }, data: { suspendedAt: null, blocked: false } });
        strapi.log.info(`admin ${actor.firebaseUid} restored ${uid}`);
      }
      return presentOne(uid);
    },
  };
};
