// The pagination block of the admin lists (their query pieces are in packages/shared/src/schemas/common.ts).

/** The pagination block of a list answer. */
export const paginationOf = (page: number, pageSize: number, total: number) => ({ page, pageSize, total, pageCount: Math.ceil(total / pageSize) });
