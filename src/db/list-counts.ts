/**
 * Exact totalItems of large lists without re-scanning them (issue 13). `list_state` (migration 0090) holds the
 * row count of each large list, kept by statement triggers, and a stamp they renew on every change to what the
 * list's filtered counts read. A filtered count (a search, a category and a search, ...) is computed once and
 * then reused by this process while the stamps it was computed under hold: it stays exact, because any write
 * commits a new stamp, and the stamps are random, so databases cloned from one template never share an entry.
 */
import { BoundedCache } from '../caches/bounded-cache.ts'
import type { Sql } from './client.ts'

export type ListName = 'assets' | 'portfolios'

export interface ListState {
  n: number
  stamp: string
}

export const DEFAULT_LIST_COUNT_CACHE_SIZE = 2000

/** Filtered counts by stamps and query; an entry of outdated stamps is never asked for again and ages out. */
export const listCounts = new BoundedCache<number>(DEFAULT_LIST_COUNT_CACHE_SIZE)

export async function listStates(sql: Sql): Promise<Record<ListName, ListState>> {
  const rows = await sql<
    { name: ListName; n: number; stamp: string }[]
  >`select name, n::bigint as n, stamp::text from list_state where name in ('assets', 'portfolios')`
  const out = { assets: { n: 0, stamp: '' }, portfolios: { n: 0, stamp: '' } }
  for (const r of rows) out[r.name] = { n: r.n, stamp: r.stamp }
  return out
}

/** The count of `key` under `stamps`: cached, or `compute()` (then cached). */
export async function cachedCount(stamps: string[], key: string, compute: () => Promise<number>): Promise<number> {
  const full = `${stamps.join(',')}|${key}`
  const hit = listCounts.get(full)
  if (hit !== undefined) return hit
  const n = await compute()
  listCounts.set(full, n)
  return n
}
