/** SQL of portfolios and their weights. */
import type { Sql } from '../db/client.ts'
import { containsPattern } from '../http/pagination.ts'
import type { Portfolio } from './schemas.ts'

export const PORTFOLIO = `uid::text, unique_identifier, calendar_uid::text, published_index_uid::text, portfolio_weights_data_node_uid::text,
  signal_weights_data_node_uid::text, signal_uid, portfolio_data_node_uid::text, backtest_table_price_column_name`

export async function listPortfolios(sql: Sql, f: { limit: number; offset: number; search?: string; calendar_uid?: string }) {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const where = sql`where true
    ${p ? sql`and (lower(uid::text) like ${p} or lower(unique_identifier) like ${p} or lower(calendar_uid::text) like ${p} or lower(coalesce(published_index_uid::text, '')) like ${p} or lower(coalesce(signal_uid, '')) like ${p})` : sql``}
    ${f.calendar_uid ? sql`and calendar_uid = ${f.calendar_uid}` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<Portfolio[]>`select ${sql.unsafe(PORTFOLIO)} from portfolios ${where} order by unique_identifier collate "C", uid limit ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from portfolios ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findPortfolio(sql: Sql, uid: string): Promise<Portfolio | undefined> {
  const [row] = await sql<Portfolio[]>`select ${sql.unsafe(PORTFOLIO)} from portfolios where uid = ${uid}`
  return row
}

export async function findMetadata(sql: Sql, identifier: string) {
  const [row] = await sql<{ uid: string; unique_identifier: string; description: string | null }[]>`
    select uid::text, unique_identifier, description from portfolio_metadata where unique_identifier = ${identifier}`
  return row ?? null
}

export async function findCalendarLabel(sql: Sql, uid: string) {
  const [row] = await sql<{ uid: string; display_name: string; unique_identifier: string }[]>`select uid::text, display_name, unique_identifier from calendars where uid = ${uid}`
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
export async function weightsSnapshot(sql: Sql, identifier: string, date: string | undefined, order: 'asc' | 'desc'): Promise<{ time: Date | null; rows: WeightRow[] }> {
  const [pick] = date
    ? await sql<{ t: Date }[]>`select time_index as t from portfolio_weights where portfolio_identifier = ${identifier} and time_index = ${date}::timestamptz limit 1`
    : await sql<{ t: Date }[]>`select time_index as t from portfolio_weights where portfolio_identifier = ${identifier} order by time_index ${sql.unsafe(order)} limit 1`
  if (!pick) return { time: null, rows: [] }
  const rows = await sql<WeightRow[]>`
    select time_index, portfolio_identifier, asset_identifier, weight::text, weight_before::text, price_current::text, price_before::text, volume_current::text, volume_before::text
    from portfolio_weights where portfolio_identifier = ${identifier} and time_index = ${pick.t}
    order by asset_identifier limit 500`
  return { time: pick.t, rows: [...rows] }
}

/** Weights rows at or after `date` (inclusive tail), or all of them. */
export async function deleteWeights(sql: Sql, identifier: string, date: string | undefined): Promise<number> {
  return (await sql`delete from portfolio_weights where portfolio_identifier = ${identifier} ${date ? sql`and time_index >= ${date}::timestamptz` : sql``}`).count
}
