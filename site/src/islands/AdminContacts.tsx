import { useId, useState, type FormEvent } from 'react';
import type { AdminContactMessage, AdminContactPage } from '@writory/shared';
import { FormAlert } from '../components/react/Message';
import Pager from '../components/react/Pager';
import { useAdminReady } from '../components/react/useAdminReady';
import { usePagedList } from '../components/react/usePagedList';
import { fetchAdminContacts, markContactRead } from '../api/contact';
import { problemOf } from '../lib/api';
import { replyLink } from '../lib/reply-link';
import { t } from '../i18n/t';
import { formatDateTime, formatNumber } from '../lib/format';

const STATUSES = [
  { value: 'all', label: 'adminContacts.all' },
  { value: 'unread', label: 'adminContacts.unread' },
  { value: 'read', label: 'adminContacts.read' },
] as const;

/** /admin-contacts: messages from the contact form, unread first to see, marked read or unread, answered by email. */
export default function AdminContacts() {
  const ready = useAdminReady();
  const list = usePagedList<AdminContactPage>(ready, fetchAdminContacts, { status: 'all' });
  const [status, setStatus] = useState('all');
  const [q, setQ] = useState('');
  const searchId = useId();

  const search = (event: FormEvent) => {
    event.preventDefault();
    list.search({ status, q: q.trim() });
  };
  const replace = (message: AdminContactMessage, unreadChange: number) => {
    if (!list.data) return;
    list.update({ ...list.data, unread: list.data.unread + unreadChange, messages: list.data.messages.map((m) => (m.id === message.id ? message : m)) });
  };
  const mark = async (message: AdminContactMessage, read: boolean) => {
    try {
      const updated = await markContactRead(message.id, read);
      replace(updated, Boolean(message.readAt) === read ? 0 : read ? -1 : 1);
    } catch (caught) {
      list.setError(problemOf(caught, t('adminContacts.changeFailed')));
    }
  };

  if (!ready) return <p role="status">{t('admin.checking')}</p>;
  // The sender's name where the language puts it ("From Asha", "Asha की ओर से").
  const [fromBefore, fromAfter = ''] = t('adminContacts.from', { name: '\u0000' }).split('\u0000');
  return (
    <div className="space-y-4" data-testid="admin-contacts">
      <form
        role="search"
        aria-label={t('adminContacts.find')}
        onSubmit={search}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
      >
        <fieldset className="flex flex-wrap gap-3">
          <legend className="mb-1 text-sm font-semibold">{t('adminContacts.show')}</legend>
          {STATUSES.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="status"
                value={option.value}
                checked={status === option.value}
                onChange={() => setStatus(option.value)}
                className="h-5 w-5 accent-quill"
              />
              {t(option.label)}
            </label>
          ))}
        </fieldset>
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-semibold">
            {t('adminContacts.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            maxLength={100}
            className="min-h-11 rounded-md border border-stone-400 bg-white px-3"
          />
        </div>
        <button type="submit" className="btn btn-default min-h-11">
          {t('adminContacts.showMessages')}
        </button>
      </form>
      <FormAlert>{list.error}</FormAlert>
      <p role="status" className="text-sm text-ink-soft">
        {list.loading
          ? t('common.loading')
          : list.data
            ? t('adminContacts.summary', { unread: formatNumber(list.data.unread), total: formatNumber(list.data.pagination.total) })
            : ''}
      </p>
      {list.data && list.data.messages.length === 0 && <p>{t('adminContacts.none')}</p>}
      {list.data && (
        <>
          <ul className="space-y-3">
            {list.data.messages.map((message) => (
              <li
                key={message.id}
                className={`rounded-lg border bg-white p-4 ${message.readAt ? 'border-stone-200' : 'border-quill'}`}
                data-testid="contact-message"
              >
                <article aria-labelledby={`${message.id}-subject`}>
                  <header className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2 id={`${message.id}-subject`} className="text-lg font-bold" dir="auto">
                      {!message.readAt && (
                        <span className="me-2 rounded-full bg-quill px-2 py-0.5 align-middle text-xs font-semibold text-white">
                          {t('adminContacts.unread')}
                        </span>
                      )}
                      {message.subject}
                    </h2>
                    <time dateTime={message.createdAt} className="text-sm text-ink-soft">
                      {formatDateTime(message.createdAt)}
                    </time>
                  </header>
                  <p className="text-sm">
                    {fromBefore}
                    <span dir="auto">{message.name}</span>
                    {fromAfter} · <span className="break-all">{message.email}</span>
                  </p>
                  <p className="mt-2 whitespace-pre-line" dir="auto">
                    {message.message}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <a className="btn btn-default btn-sm" href={replyLink(message)} onClick={() => !message.readAt && void mark(message, true)}>
                      {t('adminContacts.reply')}
                    </a>
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => void mark(message, !message.readAt)}>
                      {message.readAt ? t('adminContacts.markUnread') : t('adminContacts.markRead')}
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <Pager pagination={list.data.pagination} onPage={list.goTo} label={t('adminContacts.pages')} />
        </>
      )}
    </div>
  );
}
