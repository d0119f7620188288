import type { Pagination } from '@writory/shared';
import { t } from '../../i18n/t';
import { formatNumber } from '../../lib/format';

/** Previous / next for a paged admin list, with where we are ("Page 2 of 5 · 113 in all"). */
export default function Pager({ pagination, onPage, label }: { pagination: Pagination; onPage: (page: number) => void; label: string }) {
  const { page, pageCount, total } = pagination;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">
        {t('pager.where', {
          page: formatNumber(Math.min(page, Math.max(pageCount, 1))),
          pages: formatNumber(Math.max(pageCount, 1)),
          total: formatNumber(total),
        })}
      </span>
      <button type="button" className="btn btn-outline btn-sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
