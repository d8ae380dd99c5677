/**
 * SQL of the market half of a pricing context: the market-data set, its bindings, the curve selected for every
 * role an instrument may use (with building details and the latest observation at or before the valuation time),
 * the floating index conventions and its fixing set. It depends on the request and on two fields of the terms
 * (the floating and benchmark index uids), not on the asset: 50,000 bonds priced at one valuation share a handful
 * of market parts, each loaded once (src/pricing/repository.ts puts the halves together).
 */
import type { Sql } from '../db/client.ts'
import type { ContextCache } from './context-cache.ts'
import type { IndexConventions, PricingTask, TaskFixings } from '../contracts/pricing.ts'
import { contentKey } from './content-key.ts'
import type { CurveRole, ResolvedCurve, ResolvedInflationCurve } from './market-data.ts'
import { encodeFixings } from '../../workers/entry.ts'

/** What selects a market part: the request's market-data choices and the index uids the terms store. */
export interface MarketQuery {
  marketDataSet: string
  /** valuation time (ISO datetime) */
  valuation: string
  side: string
  benchmarkRole: string
  benchmarkSide: string
  /**
   * the terms' floating_rate_index_uid (a CPI bond's inflation_index_uid) and benchmark_rate_index_uid, as text (null
   * when absent)
   */
  floatingIndex: string | null
  benchmarkIndex: string | null
  /** a CPI bond: its index selects the `inflation` curve, not `projection`, and the benchmark the discount curve */
  inflation?: boolean
}

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
  /** md5 of the payload, computed by PostgreSQL (absent on an explicitly named benchmark): the payload's content key */
  payload_hash?: string | null
  /**
   * Derived once, on the first request that resolves the row, and kept with it (the row belongs to a cached market
   * part, a few for a whole book, and is dropped with it; it depends on the row alone, its part being one valuation's):
   * the content key of the curve it builds, and its resolution by role (resolving per request, a date parsed and
   * formatted and an object, cost every request ~2 µs of the main thread). See market-data.ts, resolveCurveRow.
   */
  content_key?: string
  resolved?: Partial<Record<CurveRole, ResolvedCurve>>
  /** a zero-inflation curve's decoded observation (a CPI bond's `inflation` row), kept with the row likewise */
  inflation?: ResolvedInflationCurve
}

/**
 * One fixing set: every fixing of a (fixing node, index) up to a valuation day, keyed by `fixing_node|index_uid|day`
 * (the fixings_key of an asset part). `key` is its content key (PostgreSQL's md5 of the dates and rates), `buffer`
 * the history the tasks carry (workers/operations/fixing-set.ts). `invalid`: why the stored fixings could not be
 * converted (a date out of the pricer's range): the pricing of a floater on them is a 409 that says it.
 */
export interface FixingSet extends TaskFixings {
  invalid?: string
  /** the set as a task carries it, by its index's identifier: one object per set, shared by the tasks of a message */
  task: Readonly<PricingTask['fixings']>
}

/**
 * A floating index as a market part holds it, with what its tasks need composed once when it is loaded: its content
 * key (part of its floaters' instrument keys, src/pricing/task.ts) and its conventions as a task carries them (one
 * object per index, so the tasks of a message that share it are cloned once).
 */
export interface FloatingIndexPart {
  uid: string
  identifier: string
  convention: Record<string, unknown> | null
  content_key: string
  task_indexes: Readonly<PricingTask['indexes']>
}

/** A task's conventions of a floating index: its identifier and its stored convention_dump. */
export const indexConventions = (identifier: string, convention: unknown): IndexConventions => ({
  identifier,
  ...(convention as Omit<IndexConventions, 'identifier'>),
})

/** An index row of floatingIndexRows, with its content key and task conventions. */
export function floatingIndexPart(
  row: Pick<FloatingIndexPart, 'uid' | 'identifier' | 'convention'>,
): FloatingIndexPart {
  const { uid, identifier, convention } = row
  return {
    uid,
    identifier,
    convention,
    content_key: contentKey(uid, identifier, convention),
    task_indexes: Object.freeze({ [uid]: indexConventions(identifier, convention) }),
  }
}

/** The market half of a pricing context. */
export interface MarketPart {
  set_uid: string | null
  set_key: string | null
  /** the set's bound on a curve observation's age in calendar days (null: none), design §6.1 */
  max_curve_age_days: number | null
  discount_node_uid: string | null
  fixing_node_uid: string | null
  curves: SelectedCurveRow[]
  floating_index: FloatingIndexPart | null
  /** the index's fixing history in the fixing node up to the valuation day, shared by every context on it */
  fixings: FixingSet | null
  /**
   * the set's short-rate model selection for the discount index and quote side (design §5.1): the parameter as stored
   * (checked where it is used, market-data.ts); null: none selected
   */
  short_rate_model: SelectedParameter | null
  /**
   * the set's optionlet volatility selection for the floating index and quote side (design §5.1), as stored; null:
   * none selected (zero volatility) or not a floater
   */
  optionlet_vol: SelectedParameter | null
}

/** A market parameter a set selects, as stored (the loader checked its parameters against its kind). */
export interface SelectedParameter {
  uid: string
  identifier: string
  parameters: Record<string, unknown>
}

/**
 * The floating indexes that a query of text uids (`uids`, one column) names, by primary key, as a market part holds
 * them: uid, identifier and conventions. The market parts' query and the start-up warm-up (repository.ts,
 * loadFloatingIndexes) read them alike, so a key composed from one is the other's. A text that is not a UUID
 * selects nothing, never an error (the distinct subquery filters before the cast).
 */
export const floatingIndexRows = (sql: Sql, uids: ReturnType<Sql['unsafe']>) => sql`
  select ix.uid::text as uid, ix.unique_identifier as identifier, cd.convention_dump as convention
  from (select distinct u from (${uids}) given(u) where u ~*
    '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') f
  join indexes ix on ix.uid = f.u::uuid
  left join index_convention_details cd on cd.index_uid = ix.uid`

/** The fixing sets of the market parts: cleared with them (src/plugins/pricing-cache.ts), so never stale. */
export type FixingSetCache = ContextCache<FixingSet>

/** Unambiguous whatever the strings hold. */
export const marketKey = (q: MarketQuery): string =>
  JSON.stringify([
    q.marketDataSet,
    q.valuation,
    q.side,
    q.benchmarkRole,
    q.benchmarkSide,
    q.floatingIndex,
    q.benchmarkIndex,
    q.inflation === true,
  ])

function fixingSet(part: { identifier: string; dates: string[]; rates: number[]; content_hash: string }): FixingSet {
  const key = part.content_hash
  let buffer: SharedArrayBuffer
  try {
    buffer = encodeFixings(part.dates, part.rates)
  } catch (error) {
    buffer = new SharedArrayBuffer(0)
    return {
      key,
      buffer,
      invalid: (error as Error).message,
      task: Object.freeze({ [part.identifier]: { key, buffer } }),
    }
  }
  return { key, buffer, task: Object.freeze({ [part.identifier]: { key, buffer } }) }
}

/**
 * The UTC day of a valuation time, as PostgreSQL writes it in a fixing-set key; null when it is not a plain ISO time.
 */
function utcDay(valuation: string): string | null {
  const t = Date.parse(valuation)
  if (Number.isNaN(t)) return null
  const iso = new Date(t).toISOString()
  return iso.length === 24 ? iso.slice(0, 10) : null
}

interface Part {
  kind: 'market' | 'curve' | 'index' | 'fixings'
  ord: number | null
  key: string | null
  data: Record<string, unknown>
}

type MarketRow = Omit<MarketPart, 'curves' | 'floating_index' | 'fixings'> & {
  curve_keys: string[]
  floating_index_uid: string | null
  fixings_key: string | null
}

/**
 * The market parts of many queries in ONE round trip. What they share is read once and shared by object: each
 * distinct curve selection with its observation, each floating index, each fixing set. Fixing sets already in
 * `fixingSets` (those of the queries' valuation days) are named to PostgreSQL, which neither aggregates nor sends
 * them again: the parts take the cached ones. One part per query, in order.
 */
export async function loadMarketParts(
  sql: Sql,
  queries: readonly MarketQuery[],
  fixingSets?: FixingSetCache,
): Promise<MarketPart[]> {
  if (queries.length === 0) return []
  // the cached sets taken now: a clear during the round trip empties the cache, not this batch's view of it (the
  // parts loaded meanwhile are not cached either, see ContextCache.set), and nothing loaded now is cached then
  const generation = fixingSets?.current() ?? 0
  const known = new Map<string, FixingSet>()
  if (fixingSets && fixingSets.size > 0) {
    const days = new Set(queries.map((q) => utcDay(q.valuation)))
    for (const [key, set] of fixingSets.peekEntries())
      if (days.has(key.slice(key.lastIndexOf('|') + 1))) known.set(key, set)
    // named to PostgreSQL instead of sent: hits of the cache, and recent again
    for (const key of known.keys()) fixingSets.get(key)
  }
  const knownKeys = [...known.keys()]
  // the queries travel as one JSON document, not as arrays: the planner cannot see how many there are (unnest of
  // an array parameter is estimated from its length), so every batch size gets the same plan and PostgreSQL keeps
  // the prepared statement's generic plan instead of planning the whole query again on every round trip
  const input = JSON.stringify(
    queries.map((q, ord) => ({
      ord,
      market_data_set: q.marketDataSet,
      valuation: q.valuation,
      side: q.side,
      benchmark_role: q.benchmarkRole,
      benchmark_side: q.benchmarkSide,
      floating_index: q.floatingIndex,
      benchmark_index: q.benchmarkIndex,
      inflation: q.inflation === true,
    })),
  )
  const parts = await sql<Part[]>`
    with input as (
      select * from jsonb_to_recordset(${input}::text::jsonb)
        as i(ord int, market_data_set text, valuation timestamptz, side text, benchmark_role text, benchmark_side text,
             floating_index text, benchmark_index text, inflation boolean)
    ),
    sets as (
      select s.market_data_set, m.uid as set_uid, m.set_key, m.max_curve_age_days, n.discount_node, n.fixing_node
      from (select distinct market_data_set from input) s
      left join lateral (
        select uid, set_key, max_curve_age_days from pricing_market_data_sets
        where set_key = s.market_data_set or uid::text = s.market_data_set
        order by (set_key = s.market_data_set) desc limit 1
      ) m on true
      left join lateral (
        select max(data_node_uid::text) filter (where concept_key = 'discount_curves') as discount_node,
               max(data_node_uid::text) filter (where concept_key = 'fixing_rates') as fixing_node
        from pricing_market_data_bindings where market_data_set_uid = m.uid
      ) n on true
    ),
    req as (
      select i.*, st.set_uid, st.set_key, st.max_curve_age_days, st.discount_node, st.fixing_node,
             (i.valuation at time zone 'UTC')::date as valuation_day
      from input i left join sets st on st.market_data_set = i.market_data_set
    ),
    wants as (
      select r.ord, w.role, w.index_uid, w.side,
             concat_ws('|', r.set_uid, r.discount_node, extract(epoch from r.valuation), w.role, w.index_uid, w.side)
               as key,
             r.set_uid, r.discount_node, r.valuation
      from req r
      cross join lateral (values ('discount', case when r.inflation then r.benchmark_index else
        coalesce(r.floating_index, r.benchmark_index) end, r.side), (case when r.inflation then 'inflation' else
        'projection' end, r.floating_index, r.side),
                                 (r.benchmark_role, r.benchmark_index, r.benchmark_side)) w(role, index_uid, side)
      where w.index_uid is not null and r.set_uid is not null
    ),
    selected as (
      select w.key, w.role, w.index_uid, s.binding_key, s.uid::text as selection_uid, s.source as selection_source,
             c.uid::text as curve_uid, c.unique_identifier as curve_identifier, c.curve_type, c.source as curve_source,
             case when b.curve_uid is null then null else json_build_object(
               'quote_convention', b.quote_convention, 'rate_unit', b.rate_unit, 'compounding', b.compounding,
               'frequency', b.frequency, 'day_counter', b.day_counter, 'calendar', b.calendar,
               'interpolation_method', b.interpolation_method, 'extrapolation', b.extrapolation) end as building,
             o.time_index, o.curve as payload, md5(o.curve) as payload_hash
      from (select distinct on (key) * from wants) w
      left join pricing_curve_selections s
        on s.market_data_set_uid = w.set_uid and s.status = 'ACTIVE' and s.binding_key = w.role || ':index:' ||
          w.index_uid || ':' || w.side
      left join pricing_curves c on c.uid = s.curve_uid
      left join curve_building_details b on b.curve_uid = c.uid
      left join lateral (
        select time_index, curve from discount_curve_observations
        where data_node_uid = w.discount_node::uuid and curve_identifier = c.unique_identifier and time_index <=
          w.valuation
        order by time_index desc limit 1
      ) o on true
    ),
    wants_by_request as (select ord, json_agg(key) as keys from wants group by ord),
    floating as (${floatingIndexRows(sql, sql`select floating_index from req`)}),
    -- one fixing set per node, index and valuation day: every fixing up to that day, whichever bonds need it, so
    -- that its content depends on its key alone and the main thread caches it; the sets it holds are not read again
    windows as (
      select distinct concat_ws('|', r.fixing_node, fl.uid, r.valuation_day) as key, r.fixing_node, fl.identifier,
        r.valuation_day
      from req r join floating fl on fl.uid = r.floating_index
      where r.fixing_node is not null
    ),
    fixing_sets as (
      select w.key, w.identifier, f.dates, f.rates
      from (select * from windows where key <> all(${knownKeys}::text[])) w
      cross join lateral (
        select coalesce(json_agg(f.fixing_date order by f.fixing_date), '[]'::json) as dates,
               coalesce(json_agg(f.rate order by f.fixing_date), '[]'::json) as rates
        from index_fixings f
        where f.data_node_uid = w.fixing_node::uuid and f.index_identifier = w.identifier
          and f.fixing_date <= w.valuation_day
      ) f
    )
    select 'market' as kind, r.ord, null as key, json_build_object(
             'set_uid', r.set_uid, 'set_key', r.set_key, 'max_curve_age_days', r.max_curve_age_days,
             'discount_node_uid', r.discount_node, 'fixing_node_uid', r.fixing_node,
             'curve_keys', coalesce(wr.keys, '[]'::json),
             'floating_index_uid', (select fl.uid from floating fl where fl.uid = r.floating_index),
             'fixings_key', case when r.fixing_node is null then null else concat_ws('|', r.fixing_node,
               r.floating_index, r.valuation_day) end,
             'short_rate_model', (
               select json_build_object('uid', p.uid::text, 'identifier', p.unique_identifier, 'parameters',
                 p.parameters)
               from pricing_parameter_selections ps join pricing_market_parameters p on p.uid = ps.parameter_uid
               where ps.market_data_set_uid = r.set_uid and ps.binding_key = 'short_rate_model:index:' ||
                 coalesce(r.floating_index, r.benchmark_index) || ':' || r.side),
             'optionlet_vol', (
               select json_build_object('uid', p.uid::text, 'identifier', p.unique_identifier, 'parameters',
                 p.parameters)
               from pricing_parameter_selections ps join pricing_market_parameters p on p.uid = ps.parameter_uid
               where ps.market_data_set_uid = r.set_uid and ps.binding_key = 'optionlet_vol:index:' ||
                 r.floating_index || ':' || r.side)) as data
    from req r left join wants_by_request wr on wr.ord = r.ord
    union all select 'curve', null, key, to_json(selected) from selected
    union all select 'index', null, uid, to_json(floating) from floating
    union all select 'fixings', null, key, json_build_object('identifier', identifier, 'dates', dates, 'rates', rates,
      'content_hash', md5(dates::text || rates::text)) from fixing_sets`
  const curves = new Map<string, SelectedCurveRow>()
  const indexes = new Map<string, FloatingIndexPart>()
  const fixings = new Map<string, FixingSet>()
  const rows: MarketRow[] = []
  for (const part of parts) {
    if (part.kind === 'market') rows[part.ord as number] = part.data as unknown as MarketRow
    else if (part.kind === 'curve') curves.set(part.key as string, part.data as unknown as SelectedCurveRow)
    else if (part.kind === 'index')
      indexes.set(part.key as string, floatingIndexPart(part.data as unknown as FloatingIndexPart))
    else {
      const set = fixingSet(
        part.data as unknown as { identifier: string; dates: string[]; rates: number[]; content_hash: string },
      )
      fixings.set(part.key as string, set)
      // a set read from the round trip is a miss of the cache (for its hit ratio)
      fixingSets?.get(part.key as string)
      fixingSets?.set(part.key as string, set, generation)
    }
  }
  return rows.map(({ curve_keys, floating_index_uid, fixings_key, ...row }) => ({
    ...row,
    curves: curve_keys.map((key) => curves.get(key)).filter((c): c is SelectedCurveRow => c !== undefined),
    floating_index: floating_index_uid ? (indexes.get(floating_index_uid) ?? null) : null,
    fixings: fixings_key ? (fixings.get(fixings_key) ?? known.get(fixings_key) ?? null) : null,
  }))
}
