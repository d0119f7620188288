// What moderating wall posts and comments share (issue 40): the reports shown with each item, who decided, the
// columns a decision writes, and a queue page with every filter's count. The rules (which decision applies to which
// state) and the messages stay with each domain.
import type { WallReportView } from '@writory/shared';

/** Reports shown with one item in a moderation queue. */
export const REPORTS_PER_ITEM = 50;

/** The moderator deciding (a signed-in moderator or admin, or the panel's editor as the wall's panel hook names them). */
export interface Moderator {
  id: number;
  name?: string | null;
  email?: string | null;
}

/** A report row as both report tables keep it. */
interface ReportRow {
  id: number;
  reason: WallReportView['reason'];
  note?: string | null;
  reportStatus: WallReportView['status'];
  createdAt: string | Date;
}

/** Reports by the item they are about (rows read open first, newest first), at most REPORTS_PER_ITEM each. */
export function reportsByItem<Row extends ReportRow>(rows: readonly Row[], itemOf: (row: Row) => number): Map<number, WallReportView[]> {
  const byItem = new Map<number, WallReportView[]>();
  for (const row of rows) {
    const list = byItem.get(itemOf(row)) ?? [];
    if (list.length < REPORTS_PER_ITEM)
      list.push({ id: row.id, reason: row.reason, note: row.note ?? null, status: row.reportStatus, createdAt: new Date(row.createdAt).toISOString() });
    byItem.set(itemOf(row), list);
  }
  return byItem;
}

/** The reason a decision keeps: a rejection's or a hide's, which the author reads; none for the others. */
export const keptReason = (to: string, reason: string | null | undefined): string | null => (to === 'rejected' || to === 'hidden' ? (reason ?? null) : null);

/**
 * The columns a decision writes on a post or a comment: its new state and kept reason, who decided and when, its
 * open reports closed, and the first approval's time.
 */
export function decisionColumns<Status extends string>(
  moderator: Moderator,
  { to, kept, firstApproval, now }: { to: Status; kept: string | null; firstApproval: boolean; now: Date },
) {
  return {
    moderationStatus: to,
    moderationReason: kept,
    moderatedAt: now,
    moderatedBy: moderator.name?.trim() || moderator.email || `user ${moderator.id}`,
    openReports: 0,
    ...(to === 'approved' && firstApproval ? { approvedAt: now } : {}),
  };
}

/** A page of a moderation queue: the filter's rows, its total, and every filter's count (for the tabs). */
export async function queuePage<Filter extends string, Row>(
  query: { count(params: { where: object }): Promise<number> },
  filters: Record<Filter, { where: object }>,
  names: readonly Filter[],
  filter: Filter,
  { page, pageSize }: { page: number; pageSize: number },
  rowsOf: (where: object, offset: number, limit: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; counts: Record<Filter, number>; pagination: { page: number; pageSize: number; total: number; pageCount: number } }> {
  const { where } = filters[filter];
  const [rows, total, ...counts] = await Promise.all([
    rowsOf(where, (page - 1) * pageSize, pageSize),
    query.count({ where }),
    ...names.map((name) => query.count({ where: filters[name].where })),
  ]);
  return {
    rows,
    counts: Object.fromEntries(names.map((name, i) => [name, counts[i]])) as Record<Filter, number>,
    pagination: { page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) },
  };
}
