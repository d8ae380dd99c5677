/**
 * SQL of the pricer. A pricing request needs the asset's terms and the market data they select (the set, its
 * bindings, the curve selected for every role the instrument may use with its latest observation at or before
 * the valuation time, the floating index conventions and its fixings: src/pricing/market-parts.ts). The two
 * halves are loaded and cached apart, many requests per round trip: a distinct bond costs a primary-key lookup,
 * the market data it shares with the rest of the book is read once. Roles the operation does not need cost
 * little and are ignored by the resolver.
 */
import type { Sql } from '../db/client.ts'
import type { ContextCache } from './context-cache.ts'
import { canonicalInstrumentType } from './operations.ts'
import {
  floatingIndexPart,
  floatingIndexRows,
  loadMarketParts,
  marketKey,
  type FixingSetCache,
  type FloatingIndexPart,
  type MarketPart,
  type MarketQuery,
  type SelectedCurveRow,
} from './market-parts.ts'

export type { FixingSet, FixingSetCache, SelectedCurveRow } from './market-parts.ts'

export interface PricingDetailsRow {
  asset_uid: string
  instrument_type: string | null
  instrument_dump: Record<string, unknown> | null
  /** a Date from the pricing-details route; an ISO string in a pricing context */
  pricing_details_date: Date | string | null
  serialization_format: string | null
  pricing_package_version: string | null
  source: string | null
  metadata_json: Record<string, unknown> | null
}

/** What pricing reads of an asset and its market data (the stored details' other fields serve only discovery). */
export interface PricingContextRow
  extends Pick<PricingDetailsRow, 'asset_uid' | 'instrument_type' | 'instrument_dump'>, MarketPart {
  /** md5 of the stored instrument_dump (computed by PostgreSQL on the stored JSON): the terms' content key */
  terms_hash: string | null
  /**
   * the stored instrument_dump as JSON text, what tasks carry to the workers: a string is cloned as one block where
   * the object's every field is walked (the larger share of a distinct bond's task clone), and a worker whose
   * instrument is cached never parses it
   */
  terms_json?: string | null
  /**
   * the terms' floating_rate_index_uid and benchmark_rate_index_uid as the parsed instrument_dump holds them (any
   * JSON value), read once when the terms were loaded: market-data resolution reads them for every request, and a
   * distinct bond's dump is cold memory (a keyed read of it cost ~1.7 µs of the main thread, in a profile)
   */
  dump_floating_index_uid: unknown
  dump_benchmark_index_uid: unknown
  /** memoized: whether the terms make a heavy task (src/pricing/cost.ts), decided once from the parsed terms */
  heavy?: boolean
  /** memoized content key of the rebuilt instrument's static inputs, see task.ts */
  instrument_key?: string
  /**
   * memoized, a floater's: the content key of its plan's inputs (its instrument key but for the fixings), see task.ts
   */
  plan_key?: string
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

/** The asset half of a context: its terms, whatever the request (cached by asset, see loadPricingContexts). */
export interface AssetTerms extends Pick<
  PricingContextRow,
  | 'asset_uid'
  | 'instrument_type'
  | 'instrument_dump'
  | 'terms_hash'
  | 'terms_json'
  | 'dump_floating_index_uid'
  | 'dump_benchmark_index_uid'
> {
  /**
   * the terms' floating_rate_index_uid (a CPI bond's inflation_index_uid) and benchmark_rate_index_uid as text: what
   * selects the market half
   */
  floating_index: string | null
  benchmark_index: string | null
}

/** The caches beneath the contexts, all cleared with them (src/plugins/pricing-cache.ts). */
export interface ContextPartCaches {
  terms?: ContextCache<AssetTerms>
  markets?: ContextCache<MarketPart>
  fixingSets?: FixingSetCache
}

/** The tables the terms half reads: a change to any other pricing table leaves cached terms valid. */
export const TERMS_TABLES: ReadonlySet<string> = new Set(['assets', 'asset_pricing_details'])

/**
 * An asset's terms from its pricing details `d`: the stored JSON, as an object and as text, PostgreSQL's md5 of it, the
 * two index uids as text.
 */
const termsColumns = (sql: Sql) => sql`
  d.instrument_type, d.instrument_dump, d.instrument_dump::text as terms_json, md5(d.instrument_dump::text) as
    terms_hash,
  coalesce(d.instrument_dump ->> 'floating_rate_index_uid', d.instrument_dump ->> 'inflation_index_uid') as
    floating_index,
  d.instrument_dump ->> 'benchmark_rate_index_uid' as benchmark_index`

/** The terms of assets by uid, in one round trip by primary key; absent where the asset is. */
export async function loadAssetTerms(sql: Sql, uids: readonly string[]): Promise<Map<string, AssetTerms>> {
  const rows = await sql<AssetTerms[]>`
    select a.uid::text as asset_uid, ${termsColumns(sql)}
    from assets a left join asset_pricing_details d on d.asset_uid = a.uid
    where a.uid = any(${uids as string[]}::uuid[])`
  return new Map(rows.map((r) => [r.asset_uid, termsRow(r)]))
}

/**
 * A terms row as the caches hold it: its type as the registry's string (see canonicalInstrumentType), the dump's index
 * uids beside it.
 */
function termsRow(row: AssetTerms): AssetTerms {
  row.instrument_type = canonicalInstrumentType(row.instrument_type)
  // a CPI bond's inflation index takes the floater's place: its conventions and fixings load alike
  row.dump_floating_index_uid =
    row.instrument_dump?.floating_rate_index_uid ??
    (row.instrument_dump as { inflation_index_uid?: unknown } | null)?.inflation_index_uid
  row.dump_benchmark_index_uid = row.instrument_dump?.benchmark_rate_index_uid
  return row
}

/**
 * Floating-rate indexes by uid, with their conventions, as a market part holds them (market-parts.ts,
 * floatingIndexRows).
 */
export async function loadFloatingIndexes(sql: Sql, uids: readonly string[]): Promise<Map<string, FloatingIndexPart>> {
  if (uids.length === 0) return new Map()
  const rows = await sql<
    FloatingIndexPart[]
  >`${floatingIndexRows(sql, sql`select unnest(${uids as string[]}::text[])`)}`
  return new Map(rows.map((r) => [r.uid, floatingIndexPart(r)]))
}

/**
 * The date of the latest observation not after `now` (UTC, YYYY-MM-DD) of the curves the market-data set selects (its
 * active selections, on its discount-curves node, as market-parts.ts reads them): the day a book priced on that set
 * has market data for. Curves no set selects (a research curve published later, say) do not move it. A set that
 * selects no observed curve falls back on the latest observation of any curve; undefined when there is none.
 */
export async function latestObservationDate(sql: Sql, now: Date, marketDataSet: string): Promise<string | undefined> {
  const [row] = await sql<{ day: string | null }[]>`
    select to_char(coalesce(
      (select max(o.time_index)
       from pricing_market_data_sets m
       join pricing_market_data_bindings b on b.market_data_set_uid = m.uid and b.concept_key = 'discount_curves'
       join pricing_curve_selections s on s.market_data_set_uid = m.uid and s.status = 'ACTIVE'
       join pricing_curves c on c.uid = s.curve_uid
       join discount_curve_observations o on o.data_node_uid = b.data_node_uid and o.curve_identifier =
         c.unique_identifier and o.time_index <= ${now}
       where m.set_key = ${marketDataSet}),
      (select max(time_index) from discount_curve_observations where time_index <= ${now})
    ) at time zone 'UTC', 'YYYY-MM-DD') as day`
  return row?.day ?? undefined
}

/**
 * Fills `cache` with the terms of every asset that has pricing details, up to its bound, in pages of `page` rows
 * read in primary-key order: after a restart, a book's first pass then costs no terms round trip. Values read
 * after a clear are dropped (ContextCache.set), and the fill stops there: what changed is loaded on demand.
 * Returns how many were cached.
 */
export async function prewarmTerms(
  sql: Sql,
  cache: ContextCache<AssetTerms>,
  limit: number,
  page = 5000,
): Promise<number> {
  const generation = cache.current()
  let after: string | null = null
  let cached = 0
  while (cached < limit && generation === cache.current()) {
    const rows: AssetTerms[] = await sql<AssetTerms[]>`
      select d.asset_uid::text as asset_uid, ${termsColumns(sql)}
      from asset_pricing_details d
      ${after === null ? sql`` : sql`where d.asset_uid > ${after}::uuid`}
      order by d.asset_uid limit ${Math.min(page, limit - cached)}`
    for (const row of rows) cache.set(row.asset_uid, termsRow(row), generation)
    cached += rows.length
    if (rows.length === 0) break
    after = rows[rows.length - 1].asset_uid
  }
  return cached
}

/**
 * The contexts of many requests: each the asset's terms (by asset) joined to a market part (by the request's
 * market-data choices and the terms' index uids), from `caches` where they hold them, the rest in at most two
 * round trips (the terms first, as they say which market parts are needed): a cold book costs PostgreSQL a
 * primary-key lookup per bond, not a market-data query each. One entry per query, in order; undefined where the
 * asset is missing.
 */
export async function loadPricingContexts(
  sql: Sql,
  queries: readonly PricingContextQuery[],
  caches: ContextPartCaches = {},
): Promise<(PricingContextRow | undefined)[]> {
  const { terms: termsCache, markets: marketCache, fixingSets } = caches
  // values loaded after a clear that happens during the round trips are used but not cached (ContextCache.set)
  const termsGeneration = termsCache?.current() ?? 0
  const marketGeneration = marketCache?.current() ?? 0
  const terms = new Map<string, AssetTerms>()
  const missingTerms = new Set<string>()
  for (const q of queries) {
    const cached = termsCache?.get(q.assetUid)
    if (cached) terms.set(q.assetUid, cached)
    else missingTerms.add(q.assetUid)
  }
  if (missingTerms.size > 0) {
    for (const [uid, row] of await loadAssetTerms(sql, [...missingTerms])) {
      terms.set(uid, row)
      termsCache?.set(uid, row, termsGeneration)
    }
  }
  // assets without pricing details need no market data: their contexts are 404s (requirePricingDetails)
  const marketQueries = queries.map((q) => {
    const t = terms.get(q.assetUid)
    return t?.instrument_type == null ? undefined : marketQueryOf(q, t)
  })
  const markets = new Map<string, MarketPart>()
  const missingMarkets = new Map<string, MarketQuery>()
  for (const m of marketQueries) {
    if (!m) continue
    const { key } = m
    if (markets.has(key) || missingMarkets.has(key)) continue
    const cached = marketCache?.get(key)
    if (cached) markets.set(key, cached)
    else missingMarkets.set(key, m)
  }
  if (missingMarkets.size > 0) {
    const loaded = await loadMarketParts(sql, [...missingMarkets.values()], fixingSets)
    ;[...missingMarkets.keys()].forEach((key, i) => {
      markets.set(key, loaded[i])
      marketCache?.set(key, loaded[i], marketGeneration)
    })
  }
  return queries.map((q, i) => {
    const t = terms.get(q.assetUid)
    if (!t) return undefined
    const m = marketQueries[i]
    return assemble(t, m ? markets.get(m.key) : undefined)
  })
}

/** The market half a request needs for an asset's terms, with its cache key. */
function marketQueryOf(q: PricingContextQuery, t: AssetTerms): MarketQuery & { key: string } {
  return {
    ...q,
    floatingIndex: t.floating_index,
    benchmarkIndex: t.benchmark_index,
    inflation: t.instrument_type === 'CPIBond',
    key: marketKeyOf(q, t),
  }
}

/** marketQueryOf's key alone, without building the query (what a cached context's lookup needs). */
const marketKeyOf = (q: PricingContextQuery, t: AssetTerms): string =>
  marketKey({
    marketDataSet: q.marketDataSet,
    valuation: q.valuation,
    side: q.side,
    benchmarkRole: q.benchmarkRole,
    benchmarkSide: q.benchmarkSide,
    floatingIndex: t.floating_index,
    benchmarkIndex: t.benchmark_index,
    inflation: t.instrument_type === 'CPIBond',
  })

/** A context from its halves (an asset without pricing details has no market half). */
function assemble(t: AssetTerms, market: MarketPart | undefined): PricingContextRow {
  return {
    asset_uid: t.asset_uid,
    instrument_type: t.instrument_type,
    instrument_dump: t.instrument_dump,
    terms_json: t.terms_json,
    terms_hash: t.terms_hash,
    dump_floating_index_uid: t.dump_floating_index_uid,
    dump_benchmark_index_uid: t.dump_benchmark_index_uid,
    set_uid: market?.set_uid ?? null,
    set_key: market?.set_key ?? null,
    max_curve_age_days: market?.max_curve_age_days ?? null,
    discount_node_uid: market?.discount_node_uid ?? null,
    fixing_node_uid: market?.fixing_node_uid ?? null,
    curves: market?.curves ?? [],
    floating_index: market?.floating_index ?? null,
    fixings: market?.fixings ?? null,
    short_rate_model: market?.short_rate_model ?? null,
    optionlet_vol: market?.optionlet_vol ?? null,
    // the memos of task.ts, present from the start: every context then has one hidden class (a floater's plan key
    // added later gave floaters another, and the code reading contexts saw several)
    heavy: undefined,
    instrument_key: undefined,
    plan_key: undefined,
  }
}

/**
 * The context put together from cached halves alone, without waiting for a round trip (after the prewarm, every
 * request of a book at a known valuation); undefined when a half must be loaded.
 */
export function cachedPricingContext(
  q: PricingContextQuery,
  caches: Required<ContextPartCaches>,
): PricingContextRow | undefined {
  // peeked before they are read, so that a request that goes on to load a half counts each half once, where the
  // loader reads it (a hit for cached terms, a miss for the market part)
  const t = caches.terms.peek(q.assetUid)
  if (t === undefined) return undefined
  if (t.instrument_type == null) return assemble(caches.terms.get(q.assetUid)!, undefined)
  const key = marketKeyOf(q, t)
  return caches.markets.has(key) ? assemble(caches.terms.get(q.assetUid)!, caches.markets.get(key)) : undefined
}

export async function loadPricingDetails(sql: Sql, assetUid: string): Promise<PricingDetailsRow | undefined> {
  const [row] = await sql<PricingDetailsRow[]>`
    select a.uid::text as asset_uid, d.instrument_type, d.instrument_dump, d.pricing_details_date,
      d.serialization_format,
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
      where data_node_uid = ${q.discountNode}::uuid and curve_identifier = c.unique_identifier and time_index <=
        ${q.valuation}::timestamptz
      order by time_index desc limit 1
    ) o on true
    where ${q.byUid ? sql`c.uid = ${q.curve}::uuid` : sql`c.unique_identifier = ${q.curve}`}`
  return row
}
