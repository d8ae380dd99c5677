/**
 * SQL of the pricer. A pricing request needs the asset, its pricing details, the market-data set, its
 * bindings, the curve selected for every role the instrument may use (with building details and the latest
 * observation at or before the valuation time), the floating index conventions and its fixings: all of it is
 * fetched in ONE round trip, because a pricing request's main-thread budget is a few tens of microseconds.
 * Roles the operation does not need cost little and are ignored by the resolver.
 */
import type { Sql } from '../db/client.ts'

export interface SelectedCurveRow {
  role: string
  index_uid: string | null
  binding_key: string | null
  selection_uid: string | null
  selection_source: string | null
  curve_uid: string | null
  curve_identifier: string | null
  curve_type: string | null
  curve_source: string | null
  building: Record<string, unknown> | null
  time_index: string | null
  payload: string | null
  /** memoized content key of the curve it builds (the row lives in the context cache), see market-data.ts */
  content_key?: string
}

export interface PricingDetailsRow {
  asset_uid: string
  instrument_type: string | null
  instrument_dump: Record<string, unknown> | null
  pricing_details_date: Date | null
  serialization_format: string | null
  pricing_package_version: string | null
  source: string | null
  metadata_json: Record<string, unknown> | null
}

export interface PricingContextRow extends PricingDetailsRow {
  unique_identifier: string
  set_uid: string | null
  set_key: string | null
  set_display_name: string | null
  discount_node_uid: string | null
  fixing_node_uid: string | null
  curves: SelectedCurveRow[]
  floating_index: { uid: string; identifier: string; convention: Record<string, unknown> | null } | null
  fixings: { dates: string[]; rates: number[] } | null
  /** memoized content key of the rebuilt instrument's static inputs, see task.ts */
  instrument_key?: string
}

export interface PricingContextQuery {
  assetUid: string
  marketDataSet: string
  /** valuation time (ISO datetime) */
  valuation: string
  /** quote side of discount and projection curves */
  side: string
  /** role key and quote side of the z-spread benchmark selection */
  benchmarkRole: string
  benchmarkSide: string
}

/**
 * Asset + pricing details + everything the market-data resolver may need, for many requests in ONE round trip
 * (a batch of cold requests, a batch route): each input row runs the same correlated lookup. The answer has one
 * entry per query, in order; undefined where the asset is missing.
 */
export async function loadPricingContexts(sql: Sql, queries: readonly PricingContextQuery[]): Promise<(PricingContextRow | undefined)[]> {
  if (queries.length === 0) return []
  const column = <T>(pick: (q: PricingContextQuery, i: number) => T) => queries.map(pick)
  const rows = await sql<(PricingContextRow & { ord: number })[]>`
    select i.ord, ctx.*
    from unnest(${column((_, i) => i)}::int[], ${column((q) => q.assetUid)}::uuid[], ${column((q) => q.marketDataSet)}::text[],
                ${column((q) => q.valuation)}::timestamptz[], ${column((q) => q.side)}::text[], ${column((q) => q.benchmarkRole)}::text[],
                ${column((q) => q.benchmarkSide)}::text[])
      as i(ord, asset_uid, market_data_set, valuation, side, benchmark_role, benchmark_side)
    cross join lateral (
      with asset as (
        select a.uid, a.unique_identifier, d.instrument_type, d.instrument_dump, d.pricing_details_date, d.serialization_format,
               d.pricing_package_version, d.source, d.metadata_json,
               d.instrument_dump ->> 'benchmark_rate_index_uid' as benchmark_index,
               d.instrument_dump ->> 'floating_rate_index_uid' as floating_index,
               d.instrument_dump ->> 'issue_date' as issue_date
        from assets a left join asset_pricing_details d on d.asset_uid = a.uid
        where a.uid = i.asset_uid
      ),
      mds as (
        select uid, set_key, display_name from pricing_market_data_sets
        where set_key = i.market_data_set or uid::text = i.market_data_set
        order by (set_key = i.market_data_set) desc limit 1
      ),
      node as (
        select max(data_node_uid::text) filter (where concept_key = 'discount_curves') as discount_node,
               max(data_node_uid::text) filter (where concept_key = 'fixing_rates') as fixing_node
        from pricing_market_data_bindings where market_data_set_uid = (select uid from mds)
      ),
      wanted (role, index_uid, side) as (
        select 'discount', coalesce(floating_index, benchmark_index), i.side from asset
        union all select 'projection', floating_index, i.side from asset
        union all select i.benchmark_role, benchmark_index, i.benchmark_side from asset
      ),
      selected as (
        select w.role, w.index_uid, s.binding_key, s.uid::text as selection_uid, s.source as selection_source,
               c.uid::text as curve_uid, c.unique_identifier as curve_identifier, c.curve_type, c.source as curve_source,
               case when b.curve_uid is null then null else json_build_object(
                 'quote_convention', b.quote_convention, 'rate_unit', b.rate_unit, 'compounding', b.compounding,
                 'frequency', b.frequency, 'day_counter', b.day_counter, 'calendar', b.calendar,
                 'interpolation_method', b.interpolation_method, 'extrapolation', b.extrapolation) end as building,
               o.time_index, o.curve as payload
        from wanted w
        left join pricing_curve_selections s
          on s.market_data_set_uid = (select uid from mds) and s.status = 'ACTIVE'
         and s.binding_key = w.role || ':index:' || w.index_uid || ':' || w.side
        left join pricing_curves c on c.uid = s.curve_uid
        left join curve_building_details b on b.curve_uid = c.uid
        left join lateral (
          select time_index, curve from discount_curve_observations
          where data_node_uid = (select discount_node from node)::uuid and curve_identifier = c.unique_identifier
            and time_index <= i.valuation
          order by time_index desc limit 1
        ) o on true
        where w.index_uid is not null
      )
      select a.uid::text as asset_uid, a.unique_identifier, a.instrument_type, a.instrument_dump, a.pricing_details_date,
             a.serialization_format, a.pricing_package_version, a.source, a.metadata_json,
             (select uid::text from mds) as set_uid, (select set_key from mds) as set_key, (select display_name from mds) as set_display_name,
             (select discount_node from node) as discount_node_uid, (select fixing_node from node) as fixing_node_uid,
             coalesce((select json_agg(selected) from selected), '[]'::json) as curves,
             (select json_build_object('uid', ix.uid, 'identifier', ix.unique_identifier, 'convention', cd.convention_dump)
                from indexes ix left join index_convention_details cd on cd.index_uid = ix.uid
                where ix.uid::text = a.floating_index) as floating_index,
             (select json_build_object('dates', coalesce(json_agg(f.fixing_date order by f.fixing_date), '[]'::json),
                                       'rates', coalesce(json_agg(f.rate order by f.fixing_date), '[]'::json))
                from index_fixings f join indexes ix on ix.unique_identifier = f.index_identifier
                where a.floating_index is not null and ix.uid::text = a.floating_index
                  and f.data_node_uid = (select fixing_node from node)::uuid
                  and f.fixing_date <= (i.valuation at time zone 'UTC')::date
                  and f.fixing_date >= coalesce(a.issue_date::date, (i.valuation at time zone 'UTC')::date) - 31) as fixings
      from asset a
    ) ctx`
  const out: (PricingContextRow | undefined)[] = new Array(queries.length)
  for (const { ord, ...row } of rows) out[ord] = row
  return out
}

export async function loadPricingDetails(sql: Sql, assetUid: string): Promise<PricingDetailsRow | undefined> {
  const [row] = await sql<PricingDetailsRow[]>`
    select a.uid::text as asset_uid, d.instrument_type, d.instrument_dump, d.pricing_details_date, d.serialization_format,
           d.pricing_package_version, d.source, d.metadata_json
    from assets a left join asset_pricing_details d on d.asset_uid = a.uid
    where a.uid = ${assetUid}`
  return row
}

/** A z-spread benchmark named explicitly (by uid or identifier), with its latest observation in the set's node. */
export async function loadExplicitCurve(
  sql: Sql,
  q: { curve: string; byUid: boolean; discountNode: string | null; valuation: string },
): Promise<SelectedCurveRow | undefined> {
  const [row] = await sql<SelectedCurveRow[]>`
    select 'benchmark' as role, null as index_uid, null as binding_key, null as selection_uid, null as selection_source,
           c.uid::text as curve_uid, c.unique_identifier as curve_identifier, c.curve_type, c.source as curve_source,
           case when b.curve_uid is null then null else json_build_object(
             'quote_convention', b.quote_convention, 'rate_unit', b.rate_unit, 'compounding', b.compounding,
             'frequency', b.frequency, 'day_counter', b.day_counter, 'calendar', b.calendar,
             'interpolation_method', b.interpolation_method, 'extrapolation', b.extrapolation) end as building,
           o.time_index, o.curve as payload
    from pricing_curves c
    left join curve_building_details b on b.curve_uid = c.uid
    left join lateral (
      select time_index, curve from discount_curve_observations
      where data_node_uid = ${q.discountNode}::uuid and curve_identifier = c.unique_identifier and time_index <= ${q.valuation}::timestamptz
      order by time_index desc limit 1
    ) o on true
    where ${q.byUid ? sql`c.uid = ${q.curve}::uuid` : sql`c.unique_identifier = ${q.curve}`}`
  return row
}
