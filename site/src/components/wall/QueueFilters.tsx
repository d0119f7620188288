import { formatNumber } from '../../lib/format';

/** A moderation queue's filters (waiting, reported, hidden…), each a toggle with how many items it holds. */
export default function QueueFilters<F extends string>({
  label,
  filters,
  current,
  name,
  counts,
  onChoose,
}: {
  label: string;
  filters: readonly F[];
  current: F;
  name: (filter: F) => string;
  counts: Record<F, number> | null;
  onChoose: (filter: F) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={current === filter}
          className="btn btn-sm btn-outline aria-pressed:bg-quill aria-pressed:text-white"
          onClick={() => onChoose(filter)}
        >
          {name(filter)}
          {counts && <span className="rounded-full bg-white/80 px-2 text-xs text-ink">{formatNumber(counts[filter])}</span>}
        </button>
      ))}
    </div>
  );
}
