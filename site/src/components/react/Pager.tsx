import type { Pagination } from '@writory/shared';

/** Previous / next for a paged admin list, with where we are ("Page 2 of 5 · 113 in all"). */
export default function Pager({ pagination, onPage, label }: { pagination: Pagination; onPage: (page: number) => void; label: string }) {
  const { page, pageCount, total } = pagination;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {Math.min(page, Math.max(pageCount, 1))} of {Math.max(pageCount, 1)} · {total} in all
      </span>
      <button type="button" className="btn btn-outline btn-sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
