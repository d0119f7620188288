import type { Core } from '@strapi/strapi';
import type { AdminContactMessage, AdminContactPage } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import type { ContactListQuery } from '../validation/admin';
import { paginationOf } from '../../../lib/list-query';
import type { Columns } from '../../../lib/rows';
import { msg } from '../../../lib/messages';

const MESSAGE = 'api::contact-message.contact-message';

type Row = Pick<Columns<'api::contact-message.contact-message'>, 'documentId' | 'name' | 'email' | 'subject' | 'message' | 'createdAt' | 'readAt'>;

const present = (row: Row): AdminContactMessage => ({
  id: row.documentId,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  createdAt: row.createdAt,
  readAt: row.readAt ?? null,
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const messages = () => strapi.db.query(MESSAGE);
  return {
    /** Newest first; `q` searches the sender, email, subject and message. */
    async list({ status = 'all', q, page = 1, pageSize = 25 }: ContactListQuery): Promise<AdminContactPage> {
      const and: Record<string, unknown>[] = [];
      if (status === 'unread') and.push({ readAt: { $null: true } });
      if (status === 'read') and.push({ readAt: { $notNull: true } });
      if (q) and.push({ $or: ['name', 'email', 'subject', 'message'].map((field) => ({ [field]: { $containsi: q } })) });
      const where = { $and: and };
      const [rows, total, unread] = await Promise.all([
        messages().findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset: (page - 1) * pageSize, limit: pageSize }),
        messages().count({ where }),
        messages().count({ where: { readAt: { $null: true } } }),
      ]);
      return { messages: rows.map(present), pagination: paginationOf(page, pageSize, total), unread };
    },

    async markRead(id: string, read: boolean): Promise<AdminContactMessage> {
      const row = await messages().findOne({ where: { documentId: id } });
      if (!row) throw new ApiError(404, msg('contact.notFound'));
      if (Boolean(row.readAt) === read) return present(row);
      return present(await messages().update({ where: { id: row.id }, data: { readAt: read ? new Date() : null } }));
    },
  };
};
