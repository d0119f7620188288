import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $faqs, loadFaqs } from '../stores/faqs';
import { createFaqMatcher } from '../lib/faq-match';
import { localHref } from '../i18n/paths';
import { loadCataloguePart, t } from '../i18n/t';
import { servedInEnglish } from '../lib/served-locale';

// The chat's words come with the panel, not with every page (i18n/catalogue-parts.mjs).
await loadCataloguePart('chat');

// The chat panel, loaded on demand by the Chatbot launcher. Answers come from the FAQ entries editors
// manage in Strapi (GET /api/faqs), matched in the browser; no external AI service is involved.

export interface ChatPanelProps {
  id: string;
  onClose(): void;
}

interface Message {
  id: number;
  from: 'user' | 'bot';
  text: string;
  /** Offer the contact page with this message. */
  contact?: boolean;
  /** An editor's answer not translated into the page's language yet: said in English, with the notice. */
  english?: boolean;
}

export default function ChatPanel({ id, onClose }: ChatPanelProps) {
  const faq = useStore($faqs);
  const [messages, setMessages] = useState<Message[]>([{ id: 0, from: 'bot', text: t('chat.welcome') }]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);
  const titleId = useId();
  const inputId = useId();

  useEffect(() => {
    input.current?.focus();
    void loadFaqs();
  }, []);

  const matcher = useMemo(() => (faq.state === 'ready' && faq.data ? createFaqMatcher(faq.data) : null), [faq]);

  const reply = (question: string): Message => {
    const id = nextId.current++;
    if (faq.state === 'failed') return { id, from: 'bot', text: t('chat.unavailable'), contact: true };
    const match = matcher?.(question);
    return match
      ? { id, from: 'bot', text: match.faq.answer, english: servedInEnglish(match.faq) }
      : { id, from: 'bot', text: t('chat.noMatch'), contact: true };
  };

  // Questions asked before the FAQ arrived are answered as soon as it does.
  useEffect(() => {
    if (faq.state === 'loading' || pending.length === 0) return;
    setMessages((list) => [...list, ...pending.map(reply)]);
    setPending([]);
  }, [faq, pending]);

  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, pending]);

  const ask = (question: string) => {
    const trimmed = question.trim();
    if (!trimmed) return;
    setMessages((list) => [...list, { id: nextId.current++, from: 'user', text: trimmed }]);
    setPending((list) => [...list, trimmed]);
    setDraft('');
    input.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask(draft);
  };

  const asked = messages.some((m) => m.from === 'user');
  const suggestions = faq.state === 'ready' && faq.data ? faq.data.slice(0, 3) : [];

  return (
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="chat-panel"
      className="fixed inset-x-3 bottom-[calc(6rem+var(--consent-inset,0px))] z-40 flex max-h-[calc(100dvh-8rem-var(--consent-inset,0px))] flex-col rounded-lg border border-stone-300 bg-white shadow-2xl sm:inset-x-auto sm:end-4 sm:h-[32rem] sm:w-96"
    >
      <header className="flex items-center justify-between gap-2 rounded-t-lg bg-quill px-4 py-3 text-white">
        <div>
          <h2 id={titleId} className="font-serif text-lg font-bold">
            {t('chat.title')}
          </h2>
          <p className="text-xs text-white">{t('chat.intro')}</p>
        </div>
        <button type="button" className="btn btn-icon text-white hover:bg-white/15" onClick={onClose} aria-label={t('chat.close')}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </header>

      <div
        ref={log}
        role="log"
        aria-label={t('chat.log')}
        tabIndex={0}
        className="min-h-40 flex-1 space-y-3 overflow-y-auto p-4 text-sm"
        data-testid="chat-log"
      >
        {messages.map((message) => (
          <div key={message.id} className={message.from === 'user' ? 'flex justify-end' : 'flex justify-start'}>
            <p
              dir="auto"
              data-from={message.from}
              className={`max-w-[85%] rounded-lg px-3 py-2 whitespace-pre-line ${message.from === 'user' ? 'bg-quill text-white' : 'bg-parchment text-ink'}`}
            >
              <span className="sr-only">{message.from === 'user' ? t('chat.you') : t('chat.bot')} </span>
              {message.english ? (
                <>
                  <span className="mb-1 block text-xs text-ink-soft" data-testid="locale-fallback">
                    {t('language.fallbackEnglish')}
                  </span>
                  <span lang="en" dir="ltr" className="block">
                    {message.text}
                  </span>
                </>
              ) : (
                message.text
              )}
              {message.contact && (
                <>
                  {' '}
                  <a href={localHref('/contact')} className="font-semibold text-quill underline underline-offset-2">
                    {t('chat.contact')}
                  </a>
                </>
              )}
            </p>
          </div>
        ))}
        {pending.length > 0 && <p className="text-ink-soft">{t('chat.loading')}</p>}
      </div>

      {!asked && suggestions.length > 0 && (
        <div className="border-t border-stone-200 px-4 py-2">
          <p id={`${id}-suggestions`} className="text-xs font-semibold text-ink-soft">
            {t('chat.suggestions')}
          </p>
          <ul aria-labelledby={`${id}-suggestions`} className="mt-1 flex flex-wrap gap-2">
            {suggestions.map((faq) => (
              <li key={faq.id}>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm text-start"
                  lang={servedInEnglish(faq) ? 'en' : undefined}
                  onClick={() => ask(faq.question)}
                >
                  {faq.question}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-stone-200 p-3">
        <div className="flex-1">
          <label htmlFor={inputId} className="sr-only">
            {t('chat.label')}
          </label>
          <input
            ref={input}
            id={inputId}
            type="text"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('chat.placeholder')}
            autoComplete="off"
            maxLength={300}
            className="w-full rounded-md border border-stone-400 px-3 py-2 text-sm"
          />
        </div>
        <button type="submit" className="btn btn-default" disabled={!draft.trim()}>
          {t('chat.send')}
        </button>
      </form>
    </div>
  );
}
