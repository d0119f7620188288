import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { WALL_TEXT_MAX, WALL_THEMES, WALL_TITLE_MAX, wallPostPath, type MyWallPost, type NewWallPost, type WallTheme } from '@writory/shared';
import { currentLocale, t } from '../i18n/t';
import { focusFirstProblem } from '../components/react/Field';
import { FormAlert, Notice } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { deleteWallPost, shareWallPost } from '../api/wall';
import { apiErrorBody, fieldErrorsFrom } from '../lib/api';
import { schemaProblems } from '../lib/form-schema';
import { likesText, statusText, WALL_LANGUAGES, formatWallDate, languageLabel } from '../lib/wall';
import { $authStatus, $identity } from '../stores/auth';
import { formatNumber } from '../lib/format';
import { $myWallPosts, loadMyWallPosts } from '../stores/my-wall-posts';
import { $productUser } from '../stores/product-user';
import { around } from '../i18n/around';
import { localHref } from '../i18n/paths';

const FIELDS = ['title', 'language', 'theme', 'text'] as const;
type FieldName = (typeof FIELDS)[number];
/** A field's label in the page's language (read when rendered: the server renders every language). */
const label = (name: FieldName) => t(name === 'theme' ? 'wall.share.theme' : `wall.share.${name}`);
const signInHref = () => localHref(`/auth?${new URLSearchParams({ next: '/writory-wall#submit-wall-button' })}`);

/** The #submit-wall-button section: share a poem (signed-in poets with a verified email) and follow one's own posts. */
export default function WallShare() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const identity = useStore($identity);
  const user = useStore($productUser);
  const [open, setOpen] = useState(false);
  const mine = useStore($myWallPosts);
  const formId = useId();

  if (!hydrated || status === 'loading')
    return (
      <p role="status" className="text-ink-soft">
        {t('common.loading')}
      </p>
    );
  if (status === 'signed-out') {
    return (
      <div className="flex flex-wrap items-center gap-4">
        <a className="btn btn-default" href={signInHref()}>
          {t('wall.share.signIn')}
        </a>
        <p className="text-sm text-ink-soft">{t('wall.share.needAccount')}</p>
      </div>
    );
  }
  const moderates = user?.role === 'moderator' || user?.role === 'admin';
  return (
    <div className="space-y-6">
      {identity && !identity.emailVerified ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {around(t('wall.share.verify'), {
            profile: (
              <a className="underline" href={localHref('/profile')}>
                {t('wall.share.yourProfile')}
              </a>
            ),
          })}
        </p>
      ) : (
        <div>
          <button
            type="button"
            className="btn btn-default"
            aria-expanded={open}
            aria-controls={`${formId}-form`}
            onClick={() => setOpen(!open)}
            data-testid="submit-wall-button"
          >
            {open ? t('wall.share.close') : t('wall.share.open')}
          </button>
          <div id={`${formId}-form`} hidden={!open} className="mt-4">
            <ShareForm onShared={loadMyWallPosts} />
          </div>
        </div>
      )}
      {moderates && (
        <p className="text-sm">
          {around(t('wall.share.moderate'), {
            queue: (
              <a className="font-semibold text-quill underline underline-offset-4" href={localHref('/admin-wall-moderation')}>
                {t('wall.share.queue')}
              </a>
            ),
          })}
        </p>
      )}
      <MyPosts posts={mine} onChange={loadMyWallPosts} />
    </div>
  );
}

function ShareForm({ onShared }: { onShared: () => void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<NewWallPost>({ title: '', language: currentLocale(), text: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Focus moves to the first problem once the errors are on the page (they render after the schema has loaded).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt) focusFirstProblem(form.current);
  }, [attempt]);

  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues({ ...values, [name]: name === 'theme' ? (event.target.value as WallTheme) || null : event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = await schemaProblems(
      import('@writory/shared/schemas/wall').then((schemas) => schemas.newPostBody),
      values,
      FIELDS,
    );
    setErrors(missing);
    setProblem(null);
    setNotice(null);
    if (Object.keys(missing).length) return setAttempt((n) => n + 1);
    setSending(true);
    try {
      await shareWallPost(values);
      setValues({ ...values, title: '', text: '' });
      setNotice(t('wall.share.thanks'));
      onShared();
    } catch (error) {
      const found = fieldErrorsFrom(error, FIELDS);
      setErrors(found.fields);
      setProblem(found.form ?? (Object.keys(found.fields).length ? null : (apiErrorBody(error)?.message ?? t('wall.share.failed'))));
      setAttempt((n) => n + 1);
    } finally {
      setSending(false);
    }
  }

  const describe = (name: FieldName, hint?: string) => [hint, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  const error = (name: FieldName) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="text-sm font-medium text-red-800">
        {t('form.fieldProblem', { field: label(name), problem: errors[name]! })}
      </p>
    );
  const inputClass =
    'rounded-md border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-stone-200 bg-white p-5" aria-label={t('wall.share.form')}>
      <FormAlert>{problem}</FormAlert>
      <p className="text-sm text-ink-soft">{t('wall.share.rules')}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-title`} className="text-sm font-semibold">
          {label('title')}
        </label>
        <input
          id={`${id}-title`}
          name="title"
          value={values.title}
          onChange={set('title')}
          maxLength={WALL_TITLE_MAX}
          dir="auto"
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describe('title')}
          className={inputClass}
        />
        {error('title')}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-language`} className="text-sm font-semibold">
          {label('language')}
        </label>
        <select
          id={`${id}-language`}
          name="language"
          value={values.language}
          onChange={set('language')}
          aria-invalid={errors.language ? true : undefined}
          aria-describedby={describe('language')}
          className={inputClass}
        >
          {WALL_LANGUAGES.map((tag) => (
            <option key={tag} value={tag}>
              {languageLabel(tag)}
            </option>
          ))}
        </select>
        {error('language')}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-theme`} className="text-sm font-semibold">
          {label('theme')}
        </label>
        <select
          id={`${id}-theme`}
          name="theme"
          value={values.theme ?? ''}
          onChange={set('theme')}
          aria-invalid={errors.theme ? true : undefined}
          aria-describedby={describe('theme')}
          className={inputClass}
        >
          <option value="">{t('wall.share.noTheme')}</option>
          {WALL_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {t(`wall.theme.${theme}`)}
            </option>
          ))}
        </select>
        {error('theme')}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-text`} className="text-sm font-semibold">
          {label('text')}
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          value={values.text}
          onChange={set('text')}
          maxLength={WALL_TEXT_MAX}
          rows={12}
          dir="auto"
          lang={values.language}
          required
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describe('text', `${id}-text-count`)}
          className={`${inputClass} font-serif whitespace-pre-wrap`}
        />
        <p id={`${id}-text-count`} className="text-xs text-ink-soft">
          {t('wall.share.count', { count: formatNumber(values.text.length), max: formatNumber(WALL_TEXT_MAX) })}
        </p>
        {error('text')}
      </div>
      <button type="submit" className="btn btn-default" disabled={sending}>
        {sending ? t('wall.share.sending') : t('wall.share.send')}
      </button>
      <Notice>{notice}</Notice>
    </form>
  );
}

function MyPosts({ posts, onChange }: { posts: MyWallPost[] | null; onChange: () => void }) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!posts || posts.length === 0) return null;

  async function remove(id: number) {
    setProblem(null);
    try {
      await deleteWallPost(id);
      setConfirming(null);
      onChange();
    } catch (error) {
      setProblem(apiErrorBody(error)?.message ?? t('wall.mine.deleteFailed'));
    }
  }

  return (
    <section aria-labelledby="my-wall-posts" data-testid="my-wall-posts">
      <h3 id="my-wall-posts" className="font-serif text-xl font-semibold">
        {t('wall.mine.title')}
      </h3>
      <FormAlert>{problem}</FormAlert>
      <ul className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {posts.map((post) => (
          <li key={post.id} className="flex flex-wrap items-start justify-between gap-3 p-4" data-testid="my-wall-post">
            <div className="min-w-0">
              {/* The title keeps its own direction inside the row: an Arabic title starts where the line below starts. */}
              <p className="font-semibold">
                <span dir="auto" lang={post.language} data-testid="my-wall-post-title">
                  {post.status === 'approved' ? (
                    <a className="underline underline-offset-4" href={wallPostPath(post.id)}>
                      {post.title}
                    </a>
                  ) : (
                    post.title
                  )}
                </span>
              </p>
              <p className="text-sm text-ink-soft">
                <span data-testid="my-wall-post-status">{statusText(post.status)}</span> · {t('wall.mod.shared')}{' '}
                <time dateTime={post.createdAt}>{formatWallDate(post.createdAt)}</time>
                {post.status === 'approved' && ` · ${likesText(post.likes)}`}
              </p>
              {post.reason && (
                <p className="mt-1 text-sm text-red-900" dir="auto">
                  {t('wall.mine.reason', { reason: post.reason })}
                </p>
              )}
            </div>
            {confirming === post.id ? (
              <div className="flex gap-2">
                <button type="button" className="btn btn-destructive btn-sm" onClick={() => void remove(post.id)}>
                  {t('wall.mine.confirmDelete')}
                </button>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(null)}>
                  {t('wall.mine.keep')}
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => setConfirming(post.id)}
                aria-label={t('wall.mine.deleteLabel', { title: post.title })}
              >
                {t('wall.mine.delete')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
