import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  CRITERIA_TOTAL,
  criteriaTotal,
  POETRY_CRITERIA,
  STORY_MAX_WORDS_DEFAULT,
  type CompetitionDetail,
  type CompetitionInput,
  type CompetitionSummary,
} from '@writory/shared';
import Field from '../components/react/Field';
import FormActions from '../components/react/FormActions';
import { FormAlert } from '../components/react/Message';
import AdminListEditor from '../components/react/AdminListEditor';
import CriteriaEditor, { type CriterionDraft } from '../components/competitions/CriteriaEditor';
import JudgeCoveragePanel from '../components/competitions/JudgeCoveragePanel';
import LanguagePicker from '../components/competitions/LanguagePicker';
import { competitionDetail, saveCompetition } from '../api/competitions';
import { apiErrorBody } from '../lib/api';
import { languagesInWords } from '../lib/competitions';
import { $adminCompetitions, loadAdminCompetitions } from '../stores/competitions-admin';
import { t } from '../i18n/t';
import { formatMonth, formatNumber } from '../lib/format';

/** /admin-competitions: every competition, and a form to create one or change one. */
export default function AdminCompetitions() {
  const loaded = useStore($adminCompetitions);
  const [editing, setEditing] = useState<CompetitionDetail | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => void loadAdminCompetitions(), []);

  const edit = async (competition: CompetitionSummary) => {
    setError(null);
    try {
      setEditing(await competitionDetail(competition.slug));
    } catch {
      setError(t('adminCompetitions.loadOneFailed', { name: competition.name }));
    }
  };
  const saved = (competition: CompetitionDetail & { criteriaNotice?: string | null }) => {
    setEditing(null);
    const hidden = competition.active ? '' : ` ${t('adminCompetitions.inactiveNote')}`;
    setNotice(`${t('adminCompetitions.saved', { name: competition.name })}${hidden}${competition.criteriaNotice ? ` ${competition.criteriaNotice}` : ''}`);
    void loadAdminCompetitions();
  };

  return (
    <AdminListEditor
      loaded={loaded}
      failedMessage={t('adminCompetitions.loadFailed')}
      testId="admin-competitions"
      label={t('adminCompetitions.label')}
      above={<JudgeCoveragePanel />}
      notice={notice}
      error={error}
      columns={[
        t('adminCompetitions.colCompetition'),
        t('adminCompetitions.colTakes'),
        t('adminCompetitions.colLanguages'),
        t('adminCompetitions.colThisMonth'),
      ]}
      rowKey={(competition) => competition.slug}
      nameOf={(competition) => competition.name}
      cells={(competition) => (
        <>
          <td className="p-2">
            <span className="font-semibold">{competition.name}</span> <span className="font-mono text-xs text-ink-soft">{competition.slug}</span>
            {!competition.active && (
              <span className="ms-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium" data-testid="competition-inactive">
                {t('adminCompetitions.inactive')}
              </span>
            )}
          </td>
          <td className="p-2">
            {competition.kind === 'story' ? t('adminCompetitions.stories') : t('adminCompetitions.poems')}
            {competition.limits.maxWords ? `, ${t('adminCompetitions.maxWords', { count: formatNumber(competition.limits.maxWords) })}` : ''}
          </td>
          <td className="p-2">{languagesInWords(competition.languages)}</td>
          <td className="p-2">
            {competition.current ? `${formatMonth(competition.current.month)}: ${competition.current.status}` : t('adminCompetitions.noContest')}
          </td>
        </>
      )}
      onEdit={(competition) => void edit(competition)}
      addLabel={t('adminCompetitions.add')}
      onAdd={() => setEditing('new')}
      editor={(competitions) =>
        editing === null ? null : (
          <CompetitionForm
            key={editing === 'new' ? 'new' : editing.slug}
            competition={editing === 'new' ? null : editing}
            position={competitions.length}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        )
      }
    />
  );
}

interface FormProps {
  competition: CompetitionDetail | null;
  /** Where a new competition goes in the list (last). */
  position: number;
  onSaved(competition: CompetitionDetail): void;
  onCancel(): void;
}

function CompetitionForm({ competition, position, onSaved, onCancel }: FormProps) {
  const [slug, setSlug] = useState(competition?.slug ?? '');
  const [name, setName] = useState(competition?.name ?? '');
  const [tagline, setTagline] = useState(competition?.tagline ?? '');
  const [kind, setKind] = useState<CompetitionInput['kind']>(competition?.kind ?? 'poem');
  const [languages, setLanguages] = useState<string[]>(competition?.languages ?? []);
  const [criteria, setCriteria] = useState<CriterionDraft[]>((competition?.criteria ?? POETRY_CRITERIA).map((c) => ({ name: c.name, max: String(c.max) })));
  const [maxWords, setMaxWords] = useState(competition?.limits.maxWords ? String(competition.limits.maxWords) : '');
  const [free, setFree] = useState(String(competition?.limits.freeEntriesPerMonth ?? 1));
  const [description, setDescription] = useState(competition?.description ?? '');
  const [rewards, setRewards] = useState(competition?.rewards ?? '');
  const [active, setActive] = useState(competition?.active ?? true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = competition ? t('adminList.editNamed', { name: competition.name }) : t('adminCompetitions.new');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const total = criteriaTotal(criteria.map((c) => ({ max: Number(c.max) || 0 })));
    if (total !== CRITERIA_TOTAL) {
      setError(t('adminCompetitions.criteriaTotal', { total: formatNumber(CRITERIA_TOTAL), sum: formatNumber(total) }));
      return;
    }
    const input: CompetitionInput = {
      slug: slug.trim(),
      name,
      kind,
      tagline,
      description,
      languages,
      criteria: criteria.map((c) => ({ name: c.name, max: Number(c.max) })),
      maxWords: maxWords.trim() ? Number(maxWords) : null,
      freeEntriesPerMonth: Number(free),
      rewards,
      position: competition ? undefined : position,
      active,
    };
    setBusy(true);
    try {
      onSaved(await saveCompetition(input, competition?.slug ?? null));
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminCompetitions.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-stone-200 bg-white p-4" aria-label={title} data-testid="competition-form">
      <h2 className="text-xl font-bold">{title}</h2>
      <FormAlert>{error}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('adminCompetitions.name')} name="name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        <Field
          label={t('adminCompetitions.slug')}
          name="slug"
          value={slug}
          maxLength={40}
          readOnly={Boolean(competition)}
          hint={competition ? t('adminCompetitions.slugFixed') : t('adminCompetitions.slugHint')}
          onChange={(e) => setSlug(e.target.value)}
        />
        <Field
          label={t('adminCompetitions.tagline')}
          name="tagline"
          value={tagline}
          maxLength={200}
          className="sm:col-span-2"
          onChange={(e) => setTagline(e.target.value)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="competition-kind" className="text-sm font-semibold">
            {t('adminCompetitions.takes')}
          </label>
          <select
            id="competition-kind"
            value={kind}
            onChange={(e) => {
              const next = e.target.value as CompetitionInput['kind'];
              setKind(next);
              if (next === 'story' && !maxWords) setMaxWords(String(STORY_MAX_WORDS_DEFAULT));
            }}
            className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2"
          >
            <option value="poem">{t('adminCompetitions.poems')}</option>
            <option value="story">{t('adminCompetitions.stories')}</option>
          </select>
        </div>
        <Field
          label={t('adminCompetitions.wordLimit')}
          name="maxWords"
          type="number"
          min={100}
          max={20000}
          value={maxWords}
          hint={t('adminCompetitions.wordLimitHint')}
          onChange={(e) => setMaxWords(e.target.value)}
        />
        <Field
          label={t('adminCompetitions.free')}
          name="freeEntriesPerMonth"
          type="number"
          min={0}
          max={10}
          value={free}
          onChange={(e) => setFree(e.target.value)}
        />
      </div>
      <LanguagePicker legend={t('adminCompetitions.languages')} hint={t('adminCompetitions.languagesHint')} chosen={languages} onChange={setLanguages} />
      <CriteriaEditor criteria={criteria} onChange={setCriteria} />
      <div className="flex flex-col gap-1">
        <label htmlFor="competition-description" className="text-sm font-semibold">
          {t('adminCompetitions.description')}
        </label>
        <textarea
          id="competition-description"
          rows={4}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          className="rounded-md border border-stone-400 bg-white px-3 py-2"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="competition-rewards" className="text-sm font-semibold">
          {t('adminCompetitions.rewards')}
        </label>
        <textarea
          id="competition-rewards"
          rows={2}
          value={rewards}
          onChange={(e) => setRewards(e.target.value)}
          className="rounded-md border border-stone-400 bg-white px-3 py-2"
        />
      </div>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="h-4 w-4 accent-quill" />
        {t('adminCompetitions.active')}
      </label>
      <FormActions saveLabel={t('adminCompetitions.save')} busy={busy} onCancel={onCancel} />
    </form>
  );
}
