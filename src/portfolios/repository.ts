/** SQL of portfolios and their weights. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { searchTuning, trigramIndexable } from '../assets/list-keys.ts'
import { cachedCount, listStates } from '../db/list-counts.ts'
import { containsPattern } from '../http/pagination.ts'
import type { Portfolio } from './schemas.ts'

export const PORTFOLIO = `uid::text, unique_identifier, calendar_uid::text, published_index_uid::text,
  portfolio_weights_data_node_uid::text, signal_weights_data_node_uid::text, signal_uid, portfolio_data_node_uid::text,
  backtest_table_price_column_name`

/** A portfolio `p`'s search document: the expression of its trigram index (migration 0091), every searched value. */
export const PORTFOLIO_DOC = `(lower(p.uid::text) || E'\\x1f' || lower(p.unique_identifier) || E'\\x1f' ||
  lower(p.calendar_uid::text) || E'\\x1f' || lower(coalesce(p.published_index_uid::text, '')) || E'\\x1f' ||
  lower(coalesce(p.signal_uid, '')))`

/**
 * Ordered by unique_identifier COLLATE "C", uid (an index, also per calendar). The unfiltered count is kept by
 * triggers (list_state); a filtered one is counted once per data state; a search with few matches is read
 * through the trigram index, one with many by walking the order index.
 */
export async function listPortfolios(
  sql: Sql,
  f: { limit: number; offset: number; search?: string; calendar_uid?: string },
) {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const match = p
    ? sql`(lower(p.uid::text) like ${p} or lower(p.unique_identifier) like ${p} or lower(p.calendar_uid::text) like
      ${p} or lower(coalesce(p.published_index_uid::text, '')) like ${p} or lower(coalesce(p.signal_uid, '')) like
        ${p})`
    : sql`true`
  const calendar = f.calendar_uid ? sql`and p.calendar_uid = ${f.calendar_uid}` : sql``
  const { portfolios: state } = await listStates(sql)
  const total =
    !p && !f.calendar_uid
      ? state.n
      : await cachedCount([state.stamp], `portfolios:${f.calendar_uid ?? ''}:${p ?? ''}`, async () => {
          const [row] = await sql<{ n: number }[]>`select count(*)::bigint as n from portfolios p where
            ${p && trigramIndexable(p) ? sql`${sql.unsafe(PORTFOLIO_DOC)} like ${p} and` : sql``} ${match} ${calendar}`
          return row.n
        })
  const through =
    p && total <= searchTuning.few && trigramIndexable(p) ? sql`${sql.unsafe(PORTFOLIO_DOC)} like ${p} and` : sql``
  // the page's uids from the order index alone, then their rows: a deep page reads no rows it skips
  const rows =
    total === 0
      ? []
      : await sql<Portfolio[]>`select ${sql.unsafe(PORTFOLIO.replace(/(^|,\s*)/g, '$1p.'))}
    from (select p.unique_identifier, p.uid from portfolios p where ${through} ${match} ${calendar}
          order by p.unique_identifier collate "C", p.uid limit ${f.limit} offset ${f.offset}) k
    join portfolios p on p.uid = k.uid
    order by k.unique_identifier collate "C", k.uid`
  return { rows: [...rows], total }
}

export async function findPortfolio(sql: Sql, uid: string): Promise<Portfolio | undefined> {
  const [row] = await sql<Portfolio[]>`select ${sql.unsafe(PORTFOLIO)} from portfolios where uid = ${uid}`
  return row
}

/** Locks a portfolio's row for its delete; false when there is none. */
export async function lockPortfolio(tx: TransactionSql, uid: string): Promise<boolean> {
  const [row] = await tx`select uid from portfolios where uid = ${uid} for update`
  return row !== undefined
}

export async function findMetadata(sql: Sql, identifier: string) {
  const [row] = await sql<{ uid: string; unique_identifier: string; description: string | null }[]>`
    select uid::text, unique_identifier, description from portfolio_metadata where unique_identifier = ${identifier}`
  return row ?? null
}

export async function findCalendarLabel(sql: Sql, uid: string) {
  const [row] = await sql<
    { uid: string; display_name: string; unique_identifier: string }[]
  >`select uid::text, display_name, unique_identifier from calendars where uid = ${uid}`
  return row
}

export interface WeightRow {
  time_index: Date
  portfolio_identifier: string
  asset_identifier: string
  weight: string | null
  weight_before: string | null
  price_current: string | null
  price_before: string | null
  volume_current: string | null
  volume_before: string | null
}

/** The snapshot time (exact date, or latest/earliest) and its rows sorted by asset identifier. */
export async function weightsSnapshot(
  sql: Sql,
  identifier: string,
  date: string | undefined,
  order: 'asc' | 'desc',
): Promise<{ time: Date | null; rows: WeightRow[] }> {
  const [pick] = date
    ? await sql<
        { t: Date }[]
      >`select time_index as t from portfolio_weights where portfolio_identifier = ${identifier} and time_index =
        ${date}::timestamptz limit 1`
    : await sql<
        { t: Date }[]
      >`select time_index as t from portfolio_weights where portfolio_identifier = ${identifier} order by time_index
        ${sql.unsafe(order)} limit 1`
  if (!pick) return { time: null, rows: [] }
  const rows = await sql<WeightRow[]>`
    select time_index, portfolio_identifier, asset_identifier, weight::text, weight_before::text, price_current::text,
      price_before::text, volume_current::text, volume_before::text
    from portfolio_weights where portfolio_identifier = ${identifier} and time_index = ${pick.t}
    order by asset_identifier limit 500`
  return { time: pick.t, rows: [...rows] }
}

/** Weights rows at or after `date` (inclusive tail), or all of them. */
export async function deleteWeights(sql: Sql, identifier: string, date: string | undefined): Promise<number> {
  return (
    await sql`delete from portfolio_weights where portfolio_identifier = ${identifier} ${
      date
        ? sql`and time_index >=
      ${date}::timestamptz`
        : sql``
    }`
  ).count
}
