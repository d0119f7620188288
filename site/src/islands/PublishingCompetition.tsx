import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { $adminCompetitions, loadAdminCompetitions } from '../stores/competitions-admin';
import { $publishingCompetition, choosePublishingCompetition } from '../stores/publication-timers';
import { showToast } from '../stores/toasts';
import { t } from '../i18n/t';

/** /admin-upload: which competition's scores and winners the page publishes (each has its own months and timers). */
export default function PublishingCompetition() {
  const competitions = useStore($adminCompetitions);
  const current = useStore($publishingCompetition);
  const id = useId();

  useEffect(() => void loadAdminCompetitions(), []);

  const choose = (slug: string) =>
    choosePublishingCompetition(slug).catch(() => showToast({ title: t('adminPublishing.monthsFailed'), variant: 'destructive' }));

  return (
    <div className="flex flex-col gap-1" data-testid="publishing-competition">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('adminPublishing.competition')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => void choose(event.target.value)}
        className="w-fit rounded-md border border-stone-400 bg-white px-3 py-2"
      >
        {(competitions.data ?? [{ slug: current, name: current }]).map((competition) => (
          <option key={competition.slug} value={competition.slug}>
            {competition.name}
          </option>
        ))}
      </select>
    </div>
  );
}
