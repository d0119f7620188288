import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CompetitionSummary, DeclarationKey, EntryPreview, EntryReceipt as Receipt } from '@writory/shared';
import CompetitionChoice from '../components/entries/CompetitionChoice';
import ContestBanner from '../components/entries/ContestBanner';
import { focusFirstProblem } from '../components/react/Field';
import { Failure, Loading } from '../components/react/States';
import { useHydrated } from '../components/react/useHydrated';
import { t } from '../i18n/t';
import { previewEntry, submitEntry } from '../api/entries';
import { saveDraft } from '../api/drafts';
import { Notice } from '../components/react/Message';
import { loadDrafts } from '../stores/drafts';
import { ApiError, apiErrorBody, fieldErrorsFrom } from '../lib/api';
import { withBusyRetry, type BusyWait } from '../lib/busy-retry';
import { newIdempotencyKey } from '../lib/entry-files';
import { allowanceSummary } from '../lib/payments';
import { competitionFromSearch, DEFAULT_COMPETITION, withCompetition } from '../lib/competitions';
import { loadStoryWords, storyWordsLoaded, tFor } from '../lib/entry-words';
import type { EntryFormField, EntryFormValues } from '../lib/entry-form';
import { $authStatus } from '../stores/auth';
import { $allowance, $competition, $contest, chooseCompetition, loadAllowance } from '../stores/contest';
import { $productUser } from '../stores/product-user';
import { localHref } from '../i18n/paths';

// The steps load once the page knows the poet may enter (issue 39: /submit within 100 KB of JavaScript): a visitor,
// or a poet who may not enter now, never downloads the form, the country list, the declarations or the receipt.
const EntryForm = lazy(() => import('../components/entries/EntryForm'));
const EntryPreviewStep = lazy(() => import('../components/entries/EntryPreviewStep'));
const EntryReceipt = lazy(() => import('../components/entries/EntryReceipt'));
/** The form's checks and its request bodies: needed from the first "Check the text" or "Save as draft" on. */
const entryForm = () => import('../lib/entry-form');

type Step = { name: 'form' } | { name: 'preview'; preview: EntryPreview; key: string } | { name: 'done'; receipt: Receipt };

const EMPTY: EntryFormValues = { title: '', language: '', fullName: '', phone: '', country: '' };
// The height of the contest banner and the sign-in box a visitor gets: the loading states keep it, so nothing below moves.
const VISITOR_VIEW_HEIGHT = 'min-h-[23rem] sm:min-h-[17.5rem]';
const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * /submit: which competition first (from `?competition=`, poetry by default), its rules and dates for everyone;
 * for an eligible poet, the entry form, the text check and the receipt.
 */
export default function SubmitEntry({ competitions }: { competitions: CompetitionSummary[] }) {
  const hydrated = useHydrated();
  const competition = useStore($competition);
  const contest = useStore($contest);
  const allowance = useStore($allowance);
  const status = useStore($authStatus);
  const user = useStore($productUser);

  const [step, setStep] = useState<Step>({ name: 'form' });
  const [values, setValues] = useState<EntryFormValues>(EMPTY);
  const [poem, setPoem] = useState<File | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<EntryFormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [draftNotice, setDraftNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The server was busy checking other poems: when this request is sent again, and which try that is.
  const [retrying, setRetrying] = useState<(BusyWait & { sending: 'preview' | 'entry' }) | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const prefilled = useRef(false);

  // The contact fields start from the profile, once.
  useEffect(() => {
    if (!user || prefilled.current) return;
    prefilled.current = true;
    setValues((current) => ({ ...current, fullName: current.fullName || user.name || '', phone: current.phone || user.phone || '' }));
  }, [user]);
  useEffect(() => {
    if (attempt) focusFirstProblem(form.current);
  }, [attempt]);
  // Moving to another step puts focus on its heading, so it is read and the page does not jump.
  const [headingFocus, setHeadingFocus] = useState(0);
  useEffect(() => {
    if (headingFocus) heading.current?.focus();
  }, [headingFocus]);
  const goTo = (next: Step) => {
    setStep(next);
    setHeadingFocus((n) => n + 1);
  };

  // A link from a competition's page (/submit?competition=story) chooses it.
  useEffect(() => {
    chooseCompetition(
      competitionFromSearch(
        window.location.search,
        competitions.map((c) => c.slug),
      ),
    );
  }, []);
  const choose = (slug: string) => {
    chooseCompetition(slug);
    const search = new URLSearchParams(window.location.search);
    search.delete('competition');
    window.history.replaceState(null, '', withCompetition(`${window.location.pathname}${search.size ? `?${search}` : ''}`, slug));
    setErrors({});
    setFormError(null);
    if (step.name === 'preview') setStep({ name: 'form' });
  };
  const chosen = competitions.find((c) => c.slug === competition);
  /** Poem or story: how the form, the check and the receipt name the entry. */
  const kind = chosen?.kind ?? 'poem';
  // A story's own words load once a story competition is chosen; its form waits for them.
  const [storyReady, setStoryReady] = useState(storyWordsLoaded);
  useEffect(() => {
    if (kind === 'story' && !storyReady) void loadStoryWords().then(() => setStoryReady(true));
  }, [kind, storyReady]);

  const changeValues = (next: EntryFormValues) => {
    setValues(next);
    setErrors({});
  };

  async function check() {
    setFormError(null);
    const { entryFormProblems, nameInScriptOf } = await entryForm();
    const problems = await entryFormProblems(values, poem, photo, kind);
    if (Object.keys(problems).length) {
      setErrors(problems);
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.append('poem', poem!);
      body.append('fullName', values.fullName.trim());
      body.append('phone', values.phone.trim());
      if (nameInScriptOf(values)) body.append('nameInScript', nameInScriptOf(values));
      body.append('competition', competition);
      // The server answers a language the competition does not take before reading the file.
      if (values.language.trim()) body.append('language', values.language.trim());
      const preview = await withBusyRetry(() => previewEntry(body), { onWait: (wait) => setRetrying({ ...wait, sending: 'preview' }) });
      goTo({ name: 'preview', preview, key: newIdempotencyKey() });
    } catch (caught) {
      const message = apiErrorBody(caught)?.message;
      if (isClientError(caught) && message && (caught as ApiError).status !== 403) setErrors({ poem: message });
      else setFormError(isClientError(caught) && message ? message : t('submit.previewFailed'));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
      setRetrying(null);
    }
  }

  async function confirm(declarations: DeclarationKey[]) {
    if (step.name !== 'preview') return;
    const { ENTRY_FORM_FIELDS, entryFormData } = await entryForm();
    setBusy(true);
    setFormError(null);
    try {
      const body = entryFormData(values, poem!, photo, { competition, declarations: declarations.join(','), confirmedTextSha256: step.preview.textSha256 });
      // A retry after a busy answer sends the same Idempotency-Key: an entry the server took gives back its receipt.
      const receipt = await withBusyRetry(() => submitEntry(body, step.key), { onWait: (wait) => setRetrying({ ...wait, sending: 'entry' }) });
      goTo({ name: 'done', receipt });
      void loadAllowance();
    } catch (caught) {
      const body = apiErrorBody(caught);
      const fields = fieldErrorsFrom(caught, ENTRY_FORM_FIELDS);
      if (Object.keys(fields.fields).length || (body?.details as { reason?: string } | undefined)?.reason === 'text-changed') {
        // Something to fix in step 1: go back there with the server's words on the field.
        setErrors(fields.fields);
        setFormError(Object.keys(fields.fields).length ? null : (body?.message ?? null));
        setStep({ name: 'form' });
        setAttempt((n) => n + 1);
      } else {
        setFormError(isClientError(caught) && body ? body.message : tFor(kind, 'submit.failed'));
      }
    } finally {
      setBusy(false);
      setRetrying(null);
    }
  }

  /** Keeps the form as far as it is filled, with the file, as a private draft (issue 40): no entry is used. */
  async function saveAsDraft() {
    setFormError(null);
    setDraftNotice(null);
    if (!poem) {
      setErrors({ poem: tFor(kind, 'submit.poemRequired') });
      setAttempt((n) => n + 1);
      return;
    }
    const { ENTRY_FORM_FIELDS, nameInScriptOf } = await entryForm();
    setBusy(true);
    try {
      const body = new FormData();
      body.append('poem', poem);
      body.append('competition', competition);
      const { nameInScript: _asked, ...typed } = values;
      for (const [key, value] of Object.entries(typed)) if (value.trim()) body.append(key, value.trim());
      if (nameInScriptOf(values)) body.append('nameInScript', nameInScriptOf(values));
      const draft = await saveDraft(body);
      setDraftNotice(t('drafts.saved', { title: draft.title ?? draft.fileName }));
      void loadDrafts();
    } catch (caught) {
      const fields = fieldErrorsFrom(caught, ENTRY_FORM_FIELDS);
      setErrors(fields.fields);
      setFormError(Object.keys(fields.fields).length ? null : (apiErrorBody(caught)?.message ?? t('drafts.saveFailed')));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  function another() {
    setValues({ ...EMPTY, fullName: values.fullName, phone: values.phone, country: values.country });
    setPoem(null);
    setPhoto(null);
    form.current?.querySelectorAll<HTMLInputElement>('input[type="file"]').forEach((input) => (input.value = ''));
    goTo({ name: 'form' });
  }

  const choice = competitions.length > 1 && step.name !== 'done' && <CompetitionChoice competitions={competitions} chosen={competition} onChoose={choose} />;
  if (!hydrated || contest.state === 'loading') {
    return (
      <div className="space-y-6">
        {hydrated
          ? choice
          : // The built page cannot know `?competition=`: the choice's place is kept (the default's, unseen), so nothing
            // below moves when it shows (it shifted /submit's layout by 0.1 to 0.15 at load).
            competitions.length > 1 && (
              <div className="invisible">
                <CompetitionChoice competitions={competitions} chosen={DEFAULT_COMPETITION} onChoose={() => undefined} />
              </div>
            )}
        <div className={VISITOR_VIEW_HEIGHT}>
          <Loading>{t('contest.loading')}</Loading>
        </div>
      </div>
    );
  }
  if (contest.state === 'failed' || !contest.data) return <Failure>{t('contest.unavailable')}</Failure>;

  const banner = (
    <>
      {choice}
      <ContestBanner current={contest.data} />
    </>
  );
  if (!contest.data.current) return banner;
  if (status === 'signed-out') {
    return (
      <div className="space-y-6">
        {banner}
        <div className="rounded-lg border border-stone-200 bg-white p-5">
          <a href={localHref(`/auth?${new URLSearchParams({ next: withCompetition('/submit', competition) })}`)} className="btn btn-default">
            {t('submit.signIn')}
          </a>
          <p className="mt-2 text-sm text-ink-soft">{t('submit.signInHelp')}</p>
        </div>
      </div>
    );
  }
  if (allowance.state === 'loading' || status === 'loading') {
    return (
      <div className={`space-y-6 ${VISITOR_VIEW_HEIGHT}`}>
        {banner}
        <Loading>{t('common.loading')}</Loading>
      </div>
    );
  }
  const blocker = allowance.data?.blocker;
  if (blocker && step.name !== 'done') {
    const toProfile = blocker.code === 'unverified' || blocker.code === 'no-date-of-birth' || blocker.code === 'under-age';
    return (
      <div className="space-y-6">
        {banner}
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950" data-testid="entry-blocked">
          <p>
            {blocker.code === 'unverified' ? t('submit.blocked.unverified') : blocker.code === 'no-date-of-birth' ? t('submit.blocked.noDob') : blocker.message}
          </p>
          {toProfile && (
            <a href={localHref('/profile')} className="btn btn-outline mt-3">
              {t('submit.blocked.toProfile')}
            </a>
          )}
          {blocker.code === 'no-credits' && (
            <a href="#buy-entries" className="btn btn-outline mt-3">
              {t('submit.blocked.toBuy')}
            </a>
          )}
        </div>
      </div>
    );
  }

  if (kind === 'story' && !storyReady) {
    return (
      <div className="space-y-6">
        {banner}
        <Loading>{t('common.loading')}</Loading>
      </div>
    );
  }

  const stepTitle = step.name === 'form' ? tFor(kind, 'submit.step1') : step.name === 'preview' ? t('submit.step2') : tFor(kind, 'submit.receiptHeading');
  return (
    <div className="space-y-6">
      {banner}
      {allowance.data && step.name !== 'done' && (
        <p className="text-sm text-ink-soft" data-testid="entries-left">
          {allowanceSummary(allowance.data)}
        </p>
      )}
      <h2 ref={heading} tabIndex={-1} className="font-serif text-2xl font-bold focus:outline-none">
        {stepTitle}
      </h2>
      {/* Always on the page, so screen readers announce the waits as they come. */}
      <p
        role="status"
        aria-live="polite"
        data-testid="entry-retrying"
        className={retrying ? 'rounded-md border border-sky-300 bg-sky-50 p-3 text-sky-950' : 'sr-only'}
      >
        {retrying
          ? tFor(kind, retrying.sending === 'preview' ? 'submit.busyChecking' : 'submit.busySubmitting', {
              wait: retrying.seconds === 1 ? t('submit.second') : t('submit.seconds', { count: retrying.seconds }),
              attempt: retrying.attempt,
            })
          : ''}
      </p>
      <Suspense fallback={<Loading>{t('common.loading')}</Loading>}>
        <div hidden={step.name !== 'form'}>
          <EntryForm
            formRef={form}
            kind={kind}
            values={values}
            errors={errors}
            formError={step.name === 'form' ? formError : null}
            busy={busy}
            onChange={changeValues}
            onPoem={(file) => {
              setPoem(file);
              setErrors({});
            }}
            onPhoto={(file) => {
              setPhoto(file);
              setErrors({});
            }}
            onSubmit={() => void check()}
          />
          <div className="mt-3 space-y-3">
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void saveAsDraft()}>
              {t('drafts.save')}
            </button>
            <Notice>{draftNotice}</Notice>
          </div>
        </div>
        {step.name === 'preview' && (
          <EntryPreviewStep
            preview={step.preview}
            kind={kind}
            maxWords={chosen?.limits.maxWords ?? null}
            busy={busy}
            formError={formError}
            onBack={() => {
              setFormError(null);
              goTo({ name: 'form' });
            }}
            onConfirm={(declarations) => void confirm(declarations)}
          />
        )}
        {step.name === 'done' && (
          <EntryReceipt
            receipt={step.receipt}
            kind={kind}
            timeZone={contest.data.timeZone}
            canEnterAgain={(allowance.data?.remaining ?? 0) > 0 && !allowance.data?.blocker}
            onAnother={another}
          />
        )}
      </Suspense>
    </div>
  );
}
