// The users table's one owner (issue 36): Strapi's users-permissions user, role and permission tables belong to the
// user domain. Other domains read and write people only through the functions below (or the user services), never
// through strapi.db.query on these uids.
import type { Core } from '@strapi/strapi';
import type { RoleType } from '@writory/shared';
import { lockRow } from '../../lib/db';
import { IDS_IN, preparedReads } from '../../lib/prepared';
import type { RowOf } from '../../lib/rows';

export const USER = 'plugin::users-permissions.user' as const;
export const ROLE = 'plugin::users-permissions.role' as const;
export const PERMISSION = 'plugin::users-permissions.permission' as const;

/** The users-permissions user row (role and picture populated, as the user service and the auth strategy read it). */
export type UserRow = RowOf<typeof USER, { firebaseUid: string }> & {
  role: { id: number; type: string } | null;
  profilePicture: { id: number; url: string } | null;
};

/**
 * What another domain does when a poet's sync (POST /api/users) names a referral code (registered with
 * `getService(strapi, 'api::user.user').listen(…)` from that domain's bootstrap), so the user domain never calls it.
 */
export interface UserListener {
  referralCodeGiven?(user: UserRow, code: string): Promise<unknown>;
}

/**
 * Who entered which contest month, as the entry domain answers it (registered with
 * `getService(strapi, 'api::user.contest-activity').provide(…)` from its bootstrap), so the user domain never calls it.
 */
export interface EntryActivity {
  /** Ids of the users with at least one entry in the month's contests. */
  entrantIds(month: string): Promise<number[]>;
  /** Each entry of these users: its poet's id and its contest's month. */
  monthsOfPoets(userIds: readonly number[]): Promise<{ poetId: number; month: string | null }[]>;
}

/** A column of the users table. */
export type UserColumn = Exclude<keyof UserRow, 'role' | 'profilePicture'>;
/** The columns asked for, and the id. */
export type UserFields<K extends UserColumn> = Pick<UserRow, K | 'id'>;
/** A person as the admin lists and notifications name them. */
export type Person = UserFields<'name' | 'email'>;
/** Someone with a profile picture (only its address). */
export type PersonWithPicture<K extends UserColumn> = UserFields<K> & { profilePicture: { url: string } | null };

/** Neither suspended nor blocked. */
const ACTIVE = [{ suspendedAt: { $null: true } }, { $or: [{ blocked: false }, { blocked: { $null: true } }] }];

/** Who a reminder may reach: verified, active poets (the poet role) who have not turned reminders off. */
const REMINDABLE = [
  { role: { type: 'authenticated' } },
  { emailVerified: true },
  { email: { $notNull: true } },
  ...ACTIVE,
  { $or: [{ remindersOptOut: false }, { remindersOptOut: { $null: true } }] },
];

/** Ids to keep or to leave out (a reminder audience narrowed by this month's entrants). */
export type IdFilter = { in?: number[]; notIn?: number[] };
const idWhere = (ids: IdFilter) => [...(ids.in ? [{ id: { $in: ids.in } }] : []), ...(ids.notIn ? [{ id: { $notIn: ids.notIn } }] : [])];

/** The columns of users other domains may write. */
export type UserWritable = Partial<Pick<UserRow, 'remindersOptOut' | 'judgeLanguages'>>;

/**
 * The name and picture of poets shown beside their poems (the wall's pages, on every request): on SQLite one prepared
 * statement (lib/prepared.ts) for users and their picture's file; elsewhere, and inside a transaction, `withPictures`.
 * The picture is the upload plugin's media relation, stored in its morph table as Strapi populates it.
 */
function namesAndPicturesRead(strapi: Core.Strapi) {
  const read = preparedReads(strapi, { postgres: false });
  const table = strapi.db.metadata.get(USER).tableName;
  const sql = `select u.id as id, u.name as name, f.url as url from ${table} u
    left join files_related_mph m on m.related_id = u.id and m.related_type = '${USER}' and m.field = 'profilePicture'
    left join files f on f.id = m.file_id
    where u.id in ${IDS_IN} order by u.id, m."order"`;
  return async (ids: readonly number[]): Promise<PersonWithPicture<'name'>[]> => {
    if (ids.length === 0) return [];
    const rows = await read<{ id: number; name: string | null; url: string | null }>(sql, [JSON.stringify(ids)], async () =>
      (await userRepository(strapi).withPictures(ids, ['name'])).map((user) => ({ id: user.id, name: user.name, url: user.profilePicture?.url ?? null })),
    );
    const byId = new Map<number, PersonWithPicture<'name'>>();
    for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, { id: row.id, name: row.name, profilePicture: row.url ? { url: row.url } : null });
    return [...byId.values()];
  };
}
const namesAndPictures = new WeakMap<Core.Strapi, ReturnType<typeof namesAndPicturesRead>>();

export function userRepository(strapi: Core.Strapi) {
  const users = () => strapi.db.query(USER);
  return {
    /** The name and picture of these users (poets beside their poems), read as `withPictures(ids, ['name'])` reads them. */
    namesAndPictures(ids: readonly number[]): Promise<PersonWithPicture<'name'>[]> {
      let read = namesAndPictures.get(strapi);
      if (!read) namesAndPictures.set(strapi, (read = namesAndPicturesRead(strapi)));
      return read(ids);
    },

    async byId<K extends UserColumn>(id: number, fields: readonly K[]): Promise<UserFields<K> | null> {
      return users().findOne({ where: { id }, select: ['id', ...fields] });
    },

    /** The users with these ids, in id order (none for no ids). */
    async byIds<K extends UserColumn>(ids: readonly number[], fields: readonly K[]): Promise<UserFields<K>[]> {
      if (ids.length === 0) return [];
      return users().findMany({ where: { id: { $in: [...ids] } }, select: ['id', ...fields], orderBy: { id: 'asc' } });
    },

    /** The users with these ids and their profile picture's address. */
    async withPictures<K extends UserColumn>(ids: readonly number[], fields: readonly K[]): Promise<PersonWithPicture<K>[]> {
      if (ids.length === 0) return [];
      return users().findMany({ where: { id: { $in: [...ids] } }, select: ['id', ...fields], populate: { profilePicture: { select: ['url'] } } });
    },

    async byUid<K extends UserColumn>(firebaseUid: string, fields: readonly K[]): Promise<UserFields<K> | null> {
      return users().findOne({ where: { firebaseUid }, select: ['id', ...fields] });
    },

    /** The user whose Firebase uid or email (any case) this is. */
    async byUidOrEmail<K extends UserColumn>(recipient: string, fields: readonly K[]): Promise<UserFields<K> | null> {
      return users().findOne({ where: { $or: [{ firebaseUid: recipient }, { email: recipient.toLowerCase() }] }, select: ['id', ...fields] });
    },

    async byEmails<K extends UserColumn>(emails: readonly string[], fields: readonly K[]): Promise<UserFields<K>[]> {
      if (emails.length === 0) return [];
      return users().findMany({ where: { email: { $in: [...emails] } }, select: ['id', ...fields] });
    },

    async byReferralCode<K extends UserColumn>(referralCode: string, fields: readonly K[]): Promise<UserFields<K> | null> {
      return users().findOne({ where: { referralCode }, select: ['id', ...fields] });
    },

    /** Gives the user this referral code unless they have one already; false when they had one. */
    async setReferralCodeIfUnset(id: number, referralCode: string): Promise<boolean> {
      const { count } = await users().updateMany({ where: { id, referralCode: null }, data: { referralCode } });
      return count > 0;
    },

    /** Users with this role, in id order; `active` leaves out the suspended and blocked, `withEmail` those without an email. */
    async withRole<K extends UserColumn>(role: RoleType, fields: readonly K[], only: { active?: boolean; withEmail?: boolean } = {}): Promise<UserFields<K>[]> {
      const and: Record<string, unknown>[] = [
        { role: { type: role } },
        ...(only.active ? ACTIVE : []),
        ...(only.withEmail ? [{ email: { $notNull: true } }] : []),
      ];
      return users().findMany({ where: { $and: and }, select: ['id', ...fields], orderBy: { id: 'asc' } });
    },

    /** The poets a reminder reaches (see REMINDABLE), narrowed by ids, in id order. */
    async remindable<K extends UserColumn>(ids: IdFilter, fields: readonly K[]): Promise<UserFields<K>[]> {
      return users().findMany({ where: { $and: [...REMINDABLE, ...idWhere(ids)] }, select: ['id', ...fields], orderBy: { id: 'asc' } });
    },

    async countRemindable(ids: IdFilter): Promise<number> {
      return users().count({ where: { $and: [...REMINDABLE, ...idWhere(ids)] } });
    },

    async update(id: number, data: UserWritable): Promise<void> {
      await users().update({ where: { id }, data });
    },

    /** Holds the user's row until the transaction ends (writes of one person wait for each other). */
    lock(id: number, trx: unknown): Promise<void> {
      return lockRow(strapi, USER, id, trx);
    },

    /** These roles with their permissions' actions. */
    async rolesWithPermissions(types: readonly string[]): Promise<{ id: number; type: RoleType; permissions: { action: string }[] }[]> {
      return strapi.db.query(ROLE).findMany({ where: { type: { $in: [...types] } }, populate: ['permissions'] });
    },

    async grantPermission(roleId: number, action: string): Promise<void> {
      await strapi.db.query(PERMISSION).create({ data: { action, role: roleId } });
    },
  };
}
