/** limit/offset paging for every collection route: validation beyond the schema and the envelope. */
import { pageInfo, type PageInfo } from '../contracts/collection.ts'
import { badRequest } from './errors.ts'

/** The peer rejects an offset that is not a multiple of limit (pageIndex would not be whole): so do we. */
export function assertAlignedOffset(limit: number, offset: number): void {
  if (offset % limit !== 0) throw badRequest('offset must be aligned to the requested page size.')
}

export function collection<T>(
  items: T[],
  limit: number,
  offset: number,
  totalItems: number,
): { items: T[]; pageInfo: PageInfo } {
  return { items, pageInfo: pageInfo(limit, offset, items.length, totalItems) }
}

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** A collection route's answer: the offset alignment check, then one page and the exact count from `fetch`. */
export async function pagedCollection<Q extends { limit: number; offset: number }, T>(
  q: Q,
  fetch: (q: Q) => Promise<{ rows: T[]; total: number }>,
): Promise<{ items: T[]; pageInfo: PageInfo }> {
  assertAlignedOffset(q.limit, q.offset)
  const { rows, total } = await fetch(q)
  return collection(rows, q.limit, q.offset, total)
}
