/** SQL of the pricing-curve registry. Every statement is here; handlers only shape results. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { containsPattern } from '../http/pagination.ts'
import type { Curve, CurveSelection, StorageCleanup } from './schemas.ts'

const CURVE_COLUMNS =
  'uid::text, unique_identifier, display_name, curve_type, currency_code, quote_side, interpolation_method, ' +
  'compounding, source, status, metadata_json'

export interface CurveFilters {
  limit: number
  offset: number
  search?: string
  curve_type?: string
  source?: string
}

export async function listCurves(sql: Sql, f: CurveFilters): Promise<{ rows: Curve[]; total: number }> {
  const where = sql`where true
    ${f.search ? sql`and lower(unique_identifier) like lower(${containsPattern(f.search)})` : sql``}
    ${f.curve_type !== undefined ? sql`and curve_type = ${f.curve_type}` : sql``}
    ${f.source !== undefined ? sql`and source = ${f.source}` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<Curve[]>`select ${sql.unsafe(CURVE_COLUMNS)} from pricing_curves ${where} order by unique_identifier, uid limit
      ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from pricing_curves ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findCurve(sql: Sql | TransactionSql, uid: string, lock = false): Promise<Curve | undefined> {
  const [row] = await sql<
    Curve[]
  >`select ${sql.unsafe(CURVE_COLUMNS)} from pricing_curves where uid = ${uid} ${lock ? sql`for update` : sql``}`
  return row
}

export async function countSelections(sql: Sql | TransactionSql, curveUid: string): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from pricing_curve_selections where curve_uid = ${curveUid}`
  return row.n
}

interface SelectionRow {
  binding_uid: string
  set_uid: string
  set_key: string | null
  set_display_name: string | null
  role_key: string
  quote_side: string | null
  selector_type: string
  selector_key: string | null
  index_uid: string | null
  index_identifier: string | null
  index_display_name: string | null
  status: string
  source: string | null
}

/** Reverse lookup over market-data-set curve selections; index selectors are resolved to their index. */
export async function listSelections(
  sql: Sql,
  curveUid: string,
  limit: number,
  offset: number,
): Promise<CurveSelection[]> {
  const rows = await sql<SelectionRow[]>`
    select s.uid::text as binding_uid, m.uid::text as set_uid, m.set_key, m.display_name as set_display_name,
      s.role_key, s.quote_side,
           s.selector_type, s.selector_key, i.uid::text as index_uid, i.unique_identifier as index_identifier,
             i.display_name as index_display_name,
           s.status, s.source
    from pricing_curve_selections s
    join pricing_market_data_sets m on m.uid = s.market_data_set_uid
    left join indexes i on s.selector_type = 'index' and i.uid::text = s.selector_key
    where s.curve_uid = ${curveUid}
    order by m.set_key, s.role_key, s.binding_key, s.uid
    limit ${limit} offset ${offset}`
  return rows.map((r) => ({
    binding_uid: r.binding_uid,
    market_data_set: { uid: r.set_uid, set_key: r.set_key, display_name: r.set_display_name },
    role_key: r.role_key,
    quote_side: r.quote_side,
    selector: {
      type: r.selector_type,
      selector_key: r.selector_key,
      ...(r.selector_type === 'index'
        ? { index_uid: r.index_uid, index_identifier: r.index_identifier, display_name: r.index_display_name }
        : {}),
    },
    status: r.status,
    source: r.source,
  }))
}

export interface CurveDependents {
  building_details: number
  selections: number
  observations: number
}

export async function countDependents(sql: Sql | TransactionSql, curve: Curve): Promise<CurveDependents> {
  const [row] = await sql<CurveDependents[]>`
    select (select count(*)::int from curve_building_details where curve_uid = ${curve.uid}) as building_details,
           (select count(*)::int from pricing_curve_selections where curve_uid = ${curve.uid}) as selections,
           (select count(*)::int from discount_curve_observations where curve_identifier = ${curve.unique_identifier})
             as observations`
  return row
}

/** Up to `limit` sample rows per relationship, for delete-impact previews that opt in. */
export async function dependentSamples(
  sql: Sql,
  curve: Curve,
  limit: number,
): Promise<Record<keyof CurveDependents, Record<string, unknown>[]>> {
  const [building_details, selections, observations] = await Promise.all([
    sql`select curve_uid::text, interpolation_method, compounding, day_counter from curve_building_details where
      curve_uid = ${curve.uid} limit ${limit}`,
    sql`select uid::text, market_data_set_uid::text, binding_key, role_key, quote_side from pricing_curve_selections
      where curve_uid = ${curve.uid} order by binding_key limit ${limit}`,
    sql`select data_node_uid::text, curve_identifier, time_index from discount_curve_observations where
      curve_identifier = ${curve.unique_identifier} order by time_index desc limit ${limit}`,
  ])
  return { building_details: [...building_details], selections: [...selections], observations: [...observations] }
}

export interface CurveDeletion {
  selections: number
  building_details: number
  storage_cleanups: StorageCleanup[]
}

/**
 * Deletes the curve with the cleanups its caller's flags allowed (inside the caller's transaction, after it
 * checked that nothing uncovered remains). Observations go per data node so each storage reports its cleanup.
 */
export async function deleteCurve(
  tx: TransactionSql,
  curve: Curve,
  flags: { delete_values: boolean; delete_curve_selections: boolean },
): Promise<CurveDeletion> {
  const selections = flags.delete_curve_selections
    ? (await tx`delete from pricing_curve_selections where curve_uid = ${curve.uid}`).count
    : 0
  let storage_cleanups: StorageCleanup[] = []
  if (flags.delete_values) {
    storage_cleanups = await tx<StorageCleanup[]>`
      with gone as (
        delete from discount_curve_observations where curve_identifier = ${curve.unique_identifier} returning
          data_node_uid
      ), per_node as (
        select data_node_uid, count(*)::int as deleted_count from gone group by data_node_uid
      )
      select p.data_node_uid::text, n.storage_table_identifier, p.deleted_count,
             not exists (select 1 from discount_curve_observations o where o.data_node_uid = p.data_node_uid
                         and o.curve_identifier <> ${curve.unique_identifier}) as table_empty
      from per_node p join data_nodes n on n.uid = p.data_node_uid
      order by n.storage_table_identifier`
  }
  const building_details = (await tx`delete from curve_building_details where curve_uid = ${curve.uid}`).count
  await tx`delete from pricing_curves where uid = ${curve.uid}`
  return { selections, building_details, storage_cleanups: [...storage_cleanups] }
}

export interface SetAndBinding {
  set_uid: string
  set_key: string
  set_display_name: string
  binding_uid: string | null
  data_node_uid: string | null
  storage_table_identifier: string | null
}

/** The market-data set named by uid or set_key, with its `discount_curves` binding when it has one. */
export async function findSetWithDiscountBinding(sql: Sql, setRef: string): Promise<SetAndBinding | undefined> {
  const [row] = await sql<SetAndBinding[]>`
    select m.uid::text as set_uid, m.set_key, m.display_name as set_display_name, b.uid::text as binding_uid,
           b.data_node_uid::text, coalesce(b.storage_table_identifier, n.storage_table_identifier) as
             storage_table_identifier
    from pricing_market_data_sets m
    left join pricing_market_data_bindings b on b.market_data_set_uid = m.uid and b.concept_key = 'discount_curves'
    left join data_nodes n on n.uid = b.data_node_uid
    where m.uid::text = ${setRef} or m.set_key = ${setRef}
    order by (m.uid::text = ${setRef}) desc
    limit 1`
  return row
}

export interface ObservationRow {
  time_index: Date
  curve: string
  key_nodes: string | null
}

/** The latest observation at or before `valuation` (or the latest of all), and whether any exists. */
export async function findObservation(
  sql: Sql,
  dataNodeUid: string,
  curveIdentifier: string,
  valuation: string | undefined,
): Promise<{ row?: ObservationRow; any: boolean }> {
  const [row] = await sql<ObservationRow[]>`
    select time_index, curve, key_nodes from discount_curve_observations
    where data_node_uid = ${dataNodeUid} and curve_identifier = ${curveIdentifier}
      ${valuation ? sql`and time_index <= ${valuation}::timestamptz` : sql``}
    order by time_index desc limit 1`
  if (row || !valuation) return { row, any: Boolean(row) }
  const [exists] = await sql<{ any: boolean }[]>`
    select exists (select 1 from discount_curve_observations where data_node_uid = ${dataNodeUid} and curve_identifier
      = ${curveIdentifier}) as any`
  return { any: exists.any }
}
