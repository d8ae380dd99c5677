/** SQL of account risk: the holdings snapshot to price and its positions with their asset uids. */
import type { Sql } from '../db/client.ts'

export interface RiskSnapshot {
  uid: string
  time_index: Date
}

/** The account's latest holdings set at or before `date` (the latest of all without one). */
export async function holdingsSnapshot(
  sql: Sql,
  accountUid: string,
  date: string | null | undefined,
): Promise<RiskSnapshot | undefined> {
  const [row] = await sql<RiskSnapshot[]>`
    select uid::text, time_index from account_holdings_sets
    where account_uid = ${accountUid} ${date ? sql`and time_index <= ${date}::timestamptz` : sql``}
    order by time_index desc, uid limit 1`
  return row
}

export interface RiskHolding {
  asset_identifier: string
  asset_uid: string | null
  /** quantity × direction, as text (numeric) */
  quantity: string
}

export async function riskHoldings(sql: Sql, setUid: string): Promise<RiskHolding[]> {
  return sql<RiskHolding[]>`
    select h.asset_identifier, a.uid::text as asset_uid, coalesce(h.quantity * h.direction, 0)::text as quantity
    from account_holdings h left join assets a on a.unique_identifier = h.asset_identifier
    where h.holdings_set_uid = ${setUid}
    order by h.asset_identifier collate "C"`
}

export async function accountExists(sql: Sql, accountUid: string): Promise<boolean> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from accounts where uid = ${accountUid}`
  return row.n > 0
}

/** Indexes named by uid or identifier: each given name that exists → its uid. */
export async function resolveIndexUids(sql: Sql, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map()
  const rows = await sql<{ uid: string; identifier: string }[]>`
    select uid::text as uid, unique_identifier as identifier from indexes
    where unique_identifier = any(${names as string[]}::text[]) or uid::text = any(${names as string[]}::text[])`
  const out = new Map<string, string>()
  for (const r of rows) {
    if (names.includes(r.uid)) out.set(r.uid, r.uid)
    if (names.includes(r.identifier)) out.set(r.identifier, r.uid)
  }
  return out
}

export interface ObservationRow {
  curve_identifier: string
  /** the observation's UTC day, YYYY-MM-DD */
  day: string
  payload: string
}

/**
 * Every observation of the named curves in a data node whose UTC day lies in [from, to], oldest first (the last of a
 * day when a day has several).
 */
export async function curveObservations(
  sql: Sql,
  node: string,
  identifiers: readonly string[],
  from: string,
  to: string,
): Promise<ObservationRow[]> {
  if (identifiers.length === 0) return []
  return sql<ObservationRow[]>`
    select distinct on (curve_identifier, day) curve_identifier, day, curve as payload from (
      select curve_identifier, to_char(time_index at time zone 'UTC', 'YYYY-MM-DD') as day, time_index, curve
      from discount_curve_observations
      where data_node_uid = ${node}::uuid and curve_identifier = any(${identifiers as string[]}::text[])
        and time_index >= ${from}::date and time_index < ${to}::date + 1) o
    order by curve_identifier, day, time_index desc`
}
