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
      setError(`${competition.name} could not be loaded. Try again.`);
    }
  };
  const saved = (competition: CompetitionDetail & { criteriaNotice?: string | null }) => {
    setEditing(null);
    const hidden = competition.active ? '' : ' It is inactive: /submit and the footer no longer offer it.';
    setNotice(
      `“${competition.name}” saved. Its public page changes when the site is next built (a rebuild has been asked for).${hidden}${competition.criteriaNotice ? ` ${competition.criteriaNotice}` : ''}`,
    );
    void loadAdminCompetitions();
  };

  return (
    <AdminListEditor
      loaded={loaded}
      failedMessage="The competitions could not be loaded."
      testId="admin-competitions"
      label="Competitions"
      above={<JudgeCoveragePanel />}
      notice={notice}
      error={error}
      columns={['Competition', 'Takes', 'Languages', 'This month']}
      rowKey={(competition) => competition.slug}
      nameOf={(competition) => competition.name}
      cells={(competition) => (
        <>
          <td className="p-2">
            <span className="font-semibold">{competition.name}</span> <span className="font-mono text-xs text-ink-soft">{competition.slug}</span>
            {!competition.active && (
              <span className="ms-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium" data-testid="competition-inactive">
                Inactive
              </span>
            )}
          </td>
          <td className="p-2">
            {competition.kind === 'story' ? 'Stories' : 'Poems'}
            {competition.limits.maxWords ? `, ≤ ${competition.limits.maxWords.toLocaleString('en-GB')} words` : ''}
          </td>
          <td className="p-2">{languagesInWords(competition.languages)}</td>
          <td className="p-2">{competition.current ? `${competition.current.month}: ${competition.current.status}` : 'No contest'}</td>
        </>
      )}
      onEdit={(competition) => void edit(competition)}
      addLabel="Add a competition"
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
  const title = competition ? `Edit ${competition.name}` : 'New competition';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const total = criteriaTotal(criteria.map((c) => ({ max: Number(c.max) || 0 })));
    if (total !== CRITERIA_TOTAL) {
      setError(`The criteria's points must total ${CRITERIA_TOTAL} (they total ${total}).`);
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
      setError(apiErrorBody(caught)?.message ?? 'The competition could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-stone-200 bg-white p-4" aria-label={title} data-testid="competition-form">
      <h2 className="text-xl font-bold">{title}</h2>
      <FormAlert>{error}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" name="name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        <Field
          label="Slug (its address: /competitions/slug)"
          name="slug"
          value={slug}
          maxLength={40}
          readOnly={Boolean(competition)}
          hint={competition ? 'Fixed once created: links to it stay valid.' : 'Lower-case letters and digits joined by dashes, such as "young-poets".'}
          onChange={(e) => setSlug(e.target.value)}
        />
        <Field label="Tagline" name="tagline" value={tagline} maxLength={200} className="sm:col-span-2" onChange={(e) => setTagline(e.target.value)} />
        <div className="flex flex-col gap-1">
          <label htmlFor="competition-kind" className="text-sm font-semibold">
            It takes
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
            <option value="poem">Poems</option>
            <option value="story">Stories</option>
          </select>
        </div>
        <Field
          label="Word limit"
          name="maxWords"
          type="number"
          min={100}
          max={20000}
          value={maxWords}
          hint="Empty: no limit. Stories: 100 to 20,000."
          onChange={(e) => setMaxWords(e.target.value)}
        />
        <Field label="Free entries a month" name="freeEntriesPerMonth" type="number" min={0} max={10} value={free} onChange={(e) => setFree(e.target.value)} />
      </div>
      <LanguagePicker legend="Languages it takes" hint="None ticked: any language." chosen={languages} onChange={setLanguages} />
      <CriteriaEditor criteria={criteria} onChange={setCriteria} />
      <div className="flex flex-col gap-1">
        <label htmlFor="competition-description" className="text-sm font-semibold">
          Description (shown on its page; editors can also write it in the Strapi panel)
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
          Rewards
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
        Active (shown on the site and open for entries)
      </label>
      <FormActions saveLabel="Save competition" busy={busy} onCancel={onCancel} />
    </form>
  );
}
