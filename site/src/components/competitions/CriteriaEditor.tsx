import { useId } from 'react';
import { CRITERIA_MAX_COUNT, CRITERIA_TOTAL, criteriaTotal } from '@writory/shared';
import { t } from '../../i18n/t';
import { formatNumber } from '../../lib/format';

export interface CriterionDraft {
  name: string;
  max: string;
}

/** The criteria of a competition: a name and points each, with the live total that must come to 100. */
export default function CriteriaEditor({ criteria, onChange }: { criteria: CriterionDraft[]; onChange(next: CriterionDraft[]): void }) {
  const id = useId();
  const total = criteriaTotal(criteria.map((c) => ({ max: Number(c.max) || 0 })));
  const set = (index: number, patch: Partial<CriterionDraft>) => onChange(criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <fieldset className="space-y-2 rounded-md border border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold">{t('adminCriteria.legend')}</legend>
      <ol className="space-y-2">
        {criteria.map((criterion, index) => (
          <li key={index} className="flex flex-wrap items-end gap-2">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <label htmlFor={`${id}-name-${index}`} className="text-xs font-semibold">
                {t('adminCriteria.criterion', { number: formatNumber(index + 1) })}
              </label>
              <input
                id={`${id}-name-${index}`}
                value={criterion.name}
                maxLength={40}
                dir="auto"
                onChange={(e) => set(index, { name: e.target.value })}
                className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2"
              />
            </div>
            <div className="flex w-24 flex-col gap-1">
              <label htmlFor={`${id}-max-${index}`} className="text-xs font-semibold">
                {t('adminCriteria.points')}
              </label>
              <input
                id={`${id}-max-${index}`}
                type="number"
                min={1}
                max={100}
                value={criterion.max}
                onChange={(e) => set(index, { max: e.target.value })}
                className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2"
              />
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm min-h-11"
              disabled={criteria.length === 1}
              aria-label={
                criterion.name
                  ? t('adminCriteria.removeNamed', { number: formatNumber(index + 1), name: criterion.name })
                  : t('adminCriteria.removeNumbered', { number: formatNumber(index + 1) })
              }
              onClick={() => onChange(criteria.filter((_, i) => i !== index))}
            >
              {t('adminCriteria.remove')}
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={criteria.length >= CRITERIA_MAX_COUNT}
          onClick={() => onChange([...criteria, { name: '', max: '' }])}
        >
          {t('adminCriteria.add')}
        </button>
        <p
          role="status"
          data-testid="criteria-total"
          className={total === CRITERIA_TOTAL ? 'text-sm font-semibold text-emerald-800' : 'text-sm font-semibold text-red-800'}
        >
          {t('adminCriteria.total', { sum: formatNumber(total), total: formatNumber(CRITERIA_TOTAL) })}
          {total === CRITERIA_TOTAL
            ? ''
            : ` ${total < CRITERIA_TOTAL ? t('adminCriteria.toAdd', { count: formatNumber(CRITERIA_TOTAL - total) }) : t('adminCriteria.tooMany', { count: formatNumber(total - CRITERIA_TOTAL) })}`}
        </p>
      </div>
    </fieldset>
  );
}
