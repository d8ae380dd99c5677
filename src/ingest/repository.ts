/** SQL of the ingestion routes: what they write into (a set's storage), and what is there already. */
import type { Sql } from '../db/client.ts'
import { notFound, unprocessable } from '../http/errors.ts'

export async function findCurve(sql: Sql, uid: string): Promise<{ uid: string; identifier: string } | undefined> {
  const [row] = await sql<{ uid: string; identifier: string }[]>`
    select uid::text, unique_identifier as identifier from pricing_curves where uid = ${uid}`
  return row
}

export async function findIndex(sql: Sql, uid: string): Promise<{ uid: string; identifier: string } | undefined> {
  const [row] = await sql<{ uid: string; identifier: string }[]>`
    select uid::text, unique_identifier as identifier from indexes where uid = ${uid}`
  return row
}

/** The data node a set binds `concept` to: 404 without the set, 422 without the binding. */
export async function setStorage(sql: Sql, set: string, concept: 'discount_curves' | 'fixing_rates'): Promise<string> {
  const [row] = await sql<{ set_uid: string; node: string | null }[]>`
    select s.uid::text as set_uid, b.data_node_uid::text as node
    from pricing_market_data_sets s
    left join pricing_market_data_bindings b on b.market_data_set_uid = s.uid and b.concept_key = ${concept}
    where s.set_key = ${set} or s.uid::text = ${set}
    order by (s.set_key = ${set}) desc limit 1`
  if (!row) throw notFound(`Market-data set '${set}' was not found.`)
  if (!row.node) throw unprocessable(`Market-data set '${set}' has no '${concept}' binding to write into.`)
  return row.node
}

export async function existingObservation(
  sql: Sql,
  node: string,
  curve: string,
  time: string,
): Promise<{ curve: string; key_nodes: string | null } | undefined> {
  const [row] = await sql<{ curve: string; key_nodes: string | null }[]>`
    select curve, key_nodes from discount_curve_observations
    where data_node_uid = ${node} and curve_identifier = ${curve} and time_index = ${time}::timestamptz`
  return row
}

export async function existingFixings(
  sql: Sql,
  node: string,
  index: string,
  dates: readonly string[],
): Promise<Map<string, number>> {
  const rows = await sql<{ date: string; rate: number }[]>`
    select to_char(fixing_date, 'YYYY-MM-DD') as date, rate from index_fixings
    where data_node_uid = ${node} and index_identifier = ${index} and fixing_date = any(${dates as string[]}::date[])`
  return new Map(rows.map((r) => [r.date, r.rate]))
}
