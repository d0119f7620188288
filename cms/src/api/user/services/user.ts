import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { DEFAULT_LOCALE, withoutBidiControls, type AdminWhoami, type ProductUser, type PublicUser, type RoleType } from '@writory/shared';
import { parseAdminEmails } from '../../../auth/admin-emails';
import { forbidden } from '../../../lib/api-error';
import { isLocale, msg, say } from '../../../lib/messages';
import { retryingConflicts } from '../../../lib/db';
import type { UpdateMeBody, UpsertBody } from '../validation/user';
import { ROLE, USER, type UserListener, type UserRow } from '../repository';

const POPULATE = ['role', 'profilePicture'];
const LAST_SEEN_EVERY_MS = 5 * 60_000;
const COUNT_TTL_MS = 10_000;

export const SUSPENDED_MESSAGE = msg('auth.suspended');

export function toProductUser(user: UserRow): ProductUser {
  const role = (user.role?.type ?? 'authenticated') as RoleType;
  return {
    uid: user.firebaseUid,
    email: user.email ?? '',
    name: user.name ?? null,
    phone: user.phone ?? null,
    profilePictureUrl: user.profilePicture?.url ?? null,
    emailVerified: user.emailVerified === true,
    dateOfBirth: user.dateOfBirth ?? null,
    role,
    isAdmin: role === 'admin',
    locale: isLocale(user.preferredLocale) ? user.preferredLocale : DEFAULT_LOCALE,
  };
}

export const isSuspended = (user: Pick<UserRow, 'blocked' | 'suspendedAt'>) => user.blocked === true || Boolean(user.suspendedAt);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.db.query(USER);
  let adminEmails = { raw: '', emails: new Set<string>() };
  const adminEmailSet = () => {
    const raw = process.env.ADMIN_EMAILS ?? '';
    if (raw !== adminEmails.raw) adminEmails = { raw, emails: parseAdminEmails(raw) };
    return adminEmails.emails;
  };
  const roleIds = new Map<string, number>();
  let countCache: { at: number; value: Promise<number> } | null = null;

  async function roleId(type: RoleType): Promise<number> {
    if (!roleIds.has(type)) {
      const role = await strapi.db.query(ROLE).findOne({ where: { type } });
      if (!role) throw new Error(`users-permissions role "${type}" is missing`);
      roleIds.set(type, role.id);
    }
    return roleIds.get(type)!;
  }

  const isAdminEmail = (email: string | null, verified: boolean) => verified && email !== null && adminEmailSet().has(email);

  async function findByUid(uid: string): Promise<UserRow | null> {
    return users().findOne({ where: { firebaseUid: uid }, populate: POPULATE });
  }

  async function createFromToken(claims: DecodedIdToken, email: string | null, verified: boolean): Promise<UserRow> {
    const role = await roleId(isAdminEmail(email, verified) ? 'admin' : 'authenticated');
    try {
      // One transaction: the row and its role link become visible together to concurrent readers.
      return await retryingConflicts(() =>
        strapi.db.transaction(() =>
          users().create({
            data: {
              username: claims.uid,
              email,
              provider: 'firebase',
              confirmed: true,
              blocked: false,
              firebaseUid: claims.uid,
              name: typeof claims.name === 'string' ? withoutBidiControls(claims.name).trim().slice(0, 80) || null : null,
              emailVerified: verified,
              lastSeenAt: new Date(),
              role,
            },
            populate: POPULATE,
          }),
        ),
      );
    } catch (error) {
      // Two first requests at once: the unique index on firebase_uid lets one win; use its row.
      const existing = await findByUid(claims.uid);
      if (existing) return existing;
      throw error;
    }
  }

  /** The domains that act on a sync (the referral attribution). */
  const listeners: UserListener[] = [];

  return {
    /** Registers what another domain does on a sync (see UserListener). */
    listen(listener: UserListener): void {
      listeners.push(listener);
    },

    /** The poet's sync named a referral code: the listeners act on it (the referral domain attributes the poet). */
    async referralCodeGiven(user: UserRow, code: string): Promise<void> {
      for (const listener of listeners) await listener.referralCodeGiven?.(user, code);
    },

    /**
     * Maps a verified Firebase ID token to its users-permissions user: created on first sight, email and
     * emailVerified copied from the token at each request, ADMIN_EMAILS promoted. Suspended users are refused
     * before anything is written.
     */
    async identify(claims: DecodedIdToken): Promise<UserRow> {
      const email = claims.email ? claims.email.toLowerCase() : null;
      const verified = claims.email_verified === true;
      const existing = await findByUid(claims.uid);
      if (existing && isSuspended(existing)) throw forbidden(SUSPENDED_MESSAGE);
      if (!existing) return createFromToken(claims, email, verified);

      const changes: Record<string, unknown> = {};
      if (!existing.role) changes.role = await roleId('authenticated'); // e.g. made in the panel without a role
      if (email && existing.email !== email) changes.email = email;
      if ((existing.emailVerified === true) !== verified) changes.emailVerified = verified;
      if (isAdminEmail(email, verified) && existing.role?.type !== 'admin') changes.role = await roleId('admin');
      const lastSeen = existing.lastSeenAt ? Date.parse(existing.lastSeenAt) : 0;
      if (Date.now() - lastSeen > LAST_SEEN_EVERY_MS) changes.lastSeenAt = new Date();
      if (Object.keys(changes).length === 0) return existing;
      return retryingConflicts(() => users().update({ where: { id: existing.id }, data: changes, populate: POPULATE }));
    },

    /** ADMIN_EMAILS at boot: verified users with those emails become Admins. */
    async promoteAdminEmails(): Promise<number> {
      if (adminEmailSet().size === 0) return 0;
      const adminRole = await roleId('admin');
      const candidates: UserRow[] = await users().findMany({ where: { emailVerified: true }, populate: ['role'] });
      const toPromote = candidates.filter((user) => isAdminEmail(user.email?.toLowerCase() ?? null, true) && user.role?.type !== 'admin');
      for (const user of toPromote) await retryingConflicts(() => users().update({ where: { id: user.id }, data: { role: adminRole } }));
      return toPromote.length;
    },

    /**
     * POST /api/users, sent at each sign-in: fills the product fields that are still empty (a name edited
     * on the profile page is not overwritten by the identity's display name at the next sign-in).
     * The body email is only used when the token has none (phone-only accounts).
     */
    async upsert(user: UserRow, input: UpsertBody): Promise<ProductUser> {
      if (input.uid !== user.firebaseUid) throw forbidden(msg('auth.uidMismatch'));
      const data: Record<string, unknown> = {};
      if (input.name && !user.name) data.name = input.name;
      if (input.phone && !user.phone) data.phone = input.phone;
      if (input.email && !user.email) data.email = input.email.toLowerCase();
      if (Object.keys(data).length === 0) return toProductUser(user);
      return toProductUser(await users().update({ where: { id: user.id }, data, populate: POPULATE }));
    },

    me(user: UserRow): ProductUser {
      return toProductUser(user);
    },

    async updateMe(user: UserRow, input: UpdateMeBody): Promise<ProductUser> {
      const { locale, ...fields } = input;
      const data: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      if (locale !== undefined) data.preferredLocale = locale;
      if (Object.keys(data).length === 0) return toProductUser(user);
      return toProductUser(await users().update({ where: { id: user.id }, data, populate: POPULATE }));
    },

    async publicProfile(uid: string): Promise<PublicUser> {
      const user = await users().findOne({ where: { firebaseUid: uid }, select: ['name'], populate: { profilePicture: { select: ['url'] } } });
      if (!user) throw new errors.NotFoundError(say('profile.noUser'));
      return { name: user.name ?? null, profilePictureUrl: user.profilePicture?.url ?? null };
    },

    /** Poets on Writory (suspended and blocked accounts left out); cached in memory for 10 s. */
    async count(): Promise<number> {
      if (!countCache || Date.now() - countCache.at > COUNT_TTL_MS) {
        const value = users().count({ where: { suspendedAt: null, $or: [{ blocked: false }, { blocked: null }] } });
        countCache = { at: Date.now(), value };
        value.catch(() => (countCache = null));
      }
      return countCache.value;
    },

    whoami(user: UserRow): AdminWhoami {
      return { uid: user.firebaseUid, email: user.email ?? '', role: (user.role?.type ?? 'authenticated') as RoleType };
    },

    findByUid,
  };
};
