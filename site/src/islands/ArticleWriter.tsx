import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type TextareaHTMLAttributes } from 'react';
import { useStore } from '@nanostores/react';
import { ARTICLE_LIMITS, type AdminArticleInput, type AdminArticleSaved, type AdminArticlesOverview } from '@writory/shared';
import { t } from '../i18n/t';
import Field, { focusFirstProblem } from '../components/react/Field';
import MarkdownEditor from '../components/react/MarkdownEditor';
import { FormAlert, Notice } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { saveArticle } from '../api/articles';
import { ApiError, fieldErrorsFrom } from '../lib/api';
import { displayNameOf } from '../lib/display-name';
import { articleDate } from '../lib/articles';
import { PICTURE_TYPES, imageProblem } from '../lib/picture';
import { hasTag, parseTags, toggleTag } from '../lib/tag-list';
import { $articlesOverview, $articlesOverviewFailed, loadArticlesOverview } from '../stores/articles-overview';
import { $authStatus, $identity } from '../stores/auth';
import { $productUser } from '../stores/product-user';
import { localHref } from '../i18n/paths';

const FIELDS = ['title', 'body', 'tags', 'excerpt', 'author', 'coverAlt', 'cover', 'data'] as const;
type FieldName = (typeof FIELDS)[number];
interface Values {
  title: string;
  body: string;
  tags: string;
  excerpt: string;
  author: string;
  coverAlt: string;
}
const EMPTY: Values = { title: '', body: '', tags: '', excerpt: '', author: '', coverAlt: '' };
const MB = ARTICLE_LIMITS.coverMaxBytes / 1024 / 1024;

/** /admin-upload-articles: write an article in Markdown, add a cover and tags, publish it or keep it as a draft. */
export default function ArticleWriter() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const user = useStore($productUser);
  const identity = useStore($identity);
  const isAdmin = hydrated && status === 'signed-in' && user?.isAdmin === true;
  const overview = useStore($articlesOverview);
  const overviewFailed = useStore($articlesOverviewFailed);
  useEffect(() => {
    if (isAdmin) loadArticlesOverview();
  }, [isAdmin]);

  if (!isAdmin) {
    return (
      <p role="status" className="text-ink-soft">
        {t('admin.checking')}
      </p>
    );
  }
  return (
    <div className="grid gap-10 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <WriterForm tags={overview?.tags ?? []} defaultAuthor={displayNameOf(user, identity)} onSaved={loadArticlesOverview} />
      <RecentArticles overview={overview} failed={overviewFailed} />
    </div>
  );
}

function WriterForm({ tags, defaultAuthor, onSaved }: { tags: AdminArticlesOverview['tags']; defaultAuthor: string; onSaved: () => void }) {
  const id = useId();
  const [values, setValues] = useState<Values>({ ...EMPTY, author: defaultAuthor });
  const [cover, setCover] = useState<{ file: File; url: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'publish' | 'draft' | null>(null);
  const [saved, setSaved] = useState<AdminArticleSaved['article'] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const savedNotice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (attempt) focusFirstProblem(form.current);
  }, [attempt]);
  useEffect(() => () => void (cover && URL.revokeObjectURL(cover.url)), [cover]);
  useEffect(() => {
    if (saved) savedNotice.current?.focus();
  }, [saved]);

  const set = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const onInput = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(event.target.value);

  const chooseCover = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setErrors((current) => ({ ...current, cover: undefined }));
    if (!file) return setCover(null);
    const problem = imageProblem(file, ARTICLE_LIMITS.coverMaxBytes);
    if (problem) {
      event.target.value = '';
      setCover(null);
      setErrors((current) => ({ ...current, cover: problem === 'type' ? t('writer.coverType') : t('writer.coverSize', { mb: MB }) }));
      return;
    }
    setCover({ file, url: URL.createObjectURL(file) });
  };

  const removeCover = () => {
    setCover(null);
    if (coverInput.current) coverInput.current.value = '';
    coverInput.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'draft' ? 'draft' : 'publish';
    const problems: Partial<Record<FieldName, string>> = {};
    if (!values.title.trim()) problems.title = t('writer.titleRequired');
    if (!values.body.trim()) problems.body = t('writer.bodyRequired');
    if (cover && !values.coverAlt.trim()) problems.coverAlt = t('writer.coverAltRequired');
    setSaved(null);
    setFormError(null);
    setErrors(problems);
    if (Object.keys(problems).length) return setAttempt((n) => n + 1);

    const input: AdminArticleInput = {
      title: values.title,
      body: values.body,
      tags: parseTags(values.tags),
      excerpt: values.excerpt,
      author: values.author,
      coverAlt: values.coverAlt,
      publish: intent === 'publish',
    };
    const body = new FormData();
    body.append('data', JSON.stringify(input));
    if (cover) body.append('cover', cover.file);
    setBusy(intent);
    try {
      const answer = await saveArticle(body);
      setSaved(answer.article);
      setValues({ ...EMPTY, author: values.author });
      setCover(null);
      if (coverInput.current) coverInput.current.value = '';
      onSaved();
    } catch (caught) {
      const found = fieldErrorsFrom(caught, FIELDS);
      setErrors(found.fields);
      const clientError = caught instanceof ApiError && caught.status < 500;
      if (caught instanceof ApiError && caught.status === 413) setErrors({ cover: t('writer.coverSize', { mb: MB }) });
      else if (!Object.keys(found.fields).length) setFormError(clientError && found.form ? found.form : t('writer.saveFailed'));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(null);
    }
  };

  const coverHint = `${id}-cover-hint`;
  const coverError = `${id}-cover-error`;
  return (
    <form ref={form} noValidate onSubmit={submit} className="min-w-0 space-y-6" data-testid="article-writer">
      <Notice innerRef={savedNotice}>
        {saved && (
          <span data-testid="article-saved">
            {saved.status === 'published' ? t('writer.published', { title: saved.title }) : t('writer.drafted', { title: saved.title })}{' '}
            {saved.status === 'published' && (
              <a className="font-semibold underline underline-offset-4" href={saved.url}>
                {saved.url}
              </a>
            )}
          </span>
        )}
      </Notice>
      <FormAlert>{formError}</FormAlert>

      <Field
        label={t('writer.title')}
        name="title"
        dir="auto"
        maxLength={ARTICLE_LIMITS.titleMax}
        value={values.title}
        onChange={onInput('title')}
        error={errors.title}
      />

      <MarkdownEditor
        label={t('writer.body')}
        value={values.body}
        onChange={set('body')}
        error={errors.body ?? errors.data}
        maxLength={ARTICLE_LIMITS.bodyMax}
      />

      <fieldset className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold">{t('writer.cover')}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-cover`} className="text-sm font-semibold">
            {t('writer.coverChoose')}
          </label>
          <p id={coverHint} className="text-xs text-ink-soft">
            {t('writer.coverHint', { mb: MB })}
          </p>
          <input
            ref={coverInput}
            id={`${id}-cover`}
            type="file"
            name="cover"
            accept={PICTURE_TYPES.join(',')}
            onChange={chooseCover}
            aria-invalid={errors.cover ? true : undefined}
            aria-describedby={errors.cover ? `${coverHint} ${coverError}` : coverHint}
            className="max-w-full text-sm file:me-3 file:rounded-md file:border file:border-quill file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-quill"
          />
          {errors.cover && (
            <p id={coverError} className="text-sm font-medium text-red-800">
              {errors.cover}
            </p>
          )}
        </div>
        {cover && (
          <div className="flex flex-wrap items-start gap-4">
            <img src={cover.url} alt="" className="h-28 w-48 rounded object-cover" data-testid="cover-preview" />
            <button type="button" className="btn btn-outline btn-sm" onClick={removeCover}>
              {t('writer.coverRemove')}
            </button>
          </div>
        )}
        <Field
          label={t('writer.coverAlt')}
          name="coverAlt"
          dir="auto"
          hint={t('writer.coverAltHint')}
          maxLength={ARTICLE_LIMITS.coverAltMax}
          value={values.coverAlt}
          onChange={onInput('coverAlt')}
          error={errors.coverAlt}
        />
      </fieldset>

      <div className="space-y-2">
        <Field
          label={t('writer.tags')}
          name="tags"
          dir="auto"
          hint={t('writer.tagsHint', { max: ARTICLE_LIMITS.tagsMax })}
          value={values.tags}
          onChange={onInput('tags')}
          error={errors.tags}
        />
        {tags.length > 0 && (
          <div role="group" aria-label={t('writer.existingTags')} className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <button
                key={tag.slug}
                type="button"
                aria-pressed={hasTag(values.tags, tag.name)}
                onClick={() => set('tags')(toggleTag(values.tags, tag.name))}
                className="rounded-full border border-stone-400 px-3 py-1 text-sm hover:bg-parchment aria-pressed:border-quill aria-pressed:bg-quill aria-pressed:text-white"
              >
                {tag.name}
              </button>
            ))}
          </div>
        )}
      </div>

      <TextArea
        id={`${id}-excerpt`}
        label={t('writer.excerpt')}
        hint={t('writer.excerptHint')}
        maxLength={ARTICLE_LIMITS.excerptMax}
        value={values.excerpt}
        onChange={onInput('excerpt')}
        error={errors.excerpt}
      />
      <Field
        label={t('writer.author')}
        name="author"
        dir="auto"
        autoComplete="name"
        maxLength={ARTICLE_LIMITS.authorMax}
        value={values.author}
        onChange={onInput('author')}
        error={errors.author}
      />

      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="publish" className="btn btn-default" disabled={busy !== null} aria-busy={busy === 'publish'}>
          {busy === 'publish' ? t('writer.publishing') : t('writer.publish')}
        </button>
        <button type="submit" name="intent" value="draft" className="btn btn-outline" disabled={busy !== null} aria-busy={busy === 'draft'}>
          {busy === 'draft' ? t('writer.savingDraft') : t('writer.saveDraft')}
        </button>
      </div>
    </form>
  );
}

function TextArea({
  id,
  label,
  hint,
  error,
  ...area
}: { id: string; label: string; hint: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-ink-soft">
        {hint}
      </p>
      <textarea
        id={id}
        rows={3}
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className="rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700"
        {...area}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function RecentArticles({ overview, failed }: { overview: AdminArticlesOverview | null; failed: boolean }) {
  return (
    <section aria-labelledby="recent-articles" className="min-w-0">
      <h2 id="recent-articles" className="mb-3 text-xl font-bold">
        {t('writer.recent')}
      </h2>
      {failed && <p className="text-sm text-red-800">{t('writer.recentFailed')}</p>}
      {!overview && !failed && <p className="text-sm text-ink-soft">{t('common.loading')}</p>}
      {overview && overview.articles.length === 0 && <p className="text-sm text-ink-soft">{t('writer.noArticles')}</p>}
      {overview && overview.articles.length > 0 && (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white" data-testid="recent-articles">
          {overview.articles.map((article) => (
            <li key={article.documentId} className="p-3 text-sm">
              <p className="font-semibold break-words" dir="auto">
                {article.status === 'published' ? (
                  <a href={localHref(`/articles/${article.slug}`)} className="underline underline-offset-4">
                    {article.title}
                  </a>
                ) : (
                  article.title
                )}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-ink-soft">
                <span
                  className={
                    article.status === 'published'
                      ? 'rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900'
                      : 'rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900'
                  }
                >
                  {article.status === 'published' ? t('writer.statusPublished') : t('writer.statusDraft')}
                </span>
                <time dateTime={article.updatedAt}>{articleDate(article.updatedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
