/**
 * Every cache of the service, in one list: what it holds, its key, its bound, how it is invalidated, and the gauges
 * /metrics shows for it (`<family>_entries{cache="<name>"}`, with `_capacity`, `_hits`, `_misses`, `_hit_ratio`, and
 * `_estimated_bytes`/`_capacity_bytes` for a cache bounded by weight). docs/caching.md explains it; a test checks that
 * each one appears on /metrics and that no BoundedCache or ContextCache is created outside this list.
 *
 * Keys are content keys, or carry the stamp or generation that makes an entry unreachable once what it was made from
 * changes: no cache can change an answer. Each is a BoundedCache (src/caches/bounded-cache.ts) or a
 * ContextCache over one (src/pricing/context-cache.ts), so each has a bound and counts its hits and misses.
 */

export type CacheFamily = 'pricing_cache' | 'list_cache' | 'http_cache'

export interface CacheDescription {
  /** the `cache` label on /metrics */
  name: string
  family: CacheFamily
  /** main thread (one per API process) or each pricing worker thread (summed over the live threads on /metrics) */
  thread: 'main' | 'pricing worker'
  /** the file that creates it and alone writes it, and the exported name */
  owner: string
  holds: string
  key: string
  /** the bound, and the setting that sets it */
  bound: string
  invalidation: string
}

export const CACHES: readonly CacheDescription[] = [
  {
    name: 'terms',
    family: 'pricing_cache',
    thread: 'main',
    owner: 'src/plugins/pricing-cache.ts (app.pricingContextParts.terms)',
    holds: "an asset's pricing terms (instrument type, terms JSON and its md5, index uids)",
    key: 'asset uid',
    bound: 'PRICING_TERMS_CACHE_SIZE entries (65,536)',
    invalidation: 'cleared when assets or asset_pricing_details change (notification names the table)',
  },
  {
    name: 'market_parts',
    family: 'pricing_cache',
    thread: 'main',
    owner: 'src/plugins/pricing-cache.ts (app.pricingContextParts.markets)',
    holds:
      'the market half of a context: the set, its bindings, the selected curve rows with their observation, the ' +
      'floating index',
    key: 'market-data set, valuation time, sides, benchmark role, floating and benchmark index uids (marketKey)',
    bound: 'PRICING_MARKET_CACHE_SIZE entries (1,024)',
    invalidation:
      'cleared on any market-data change; its curve rows keep their content key and resolution per role ' +
      '(market-data.ts)',
  },
  {
    name: 'fixing_sets',
    family: 'pricing_cache',
    thread: 'main',
    owner: 'src/plugins/pricing-cache.ts (app.pricingContextParts.fixingSets)',
    holds: "an index's fixings up to a day, encoded in a SharedArrayBuffer the tasks carry by reference",
    key: 'fixing node, index uid, valuation day',
    bound: 'PRICING_FIXING_CACHE_SIZE entries (256)',
    invalidation: 'cleared with the market parts',
  },
  {
    name: 'decoded_curves',
    family: 'pricing_cache',
    thread: 'main',
    owner: 'src/pricing/market-data.ts (decodedCurves)',
    holds: "a curve observation's decoded nodes and its task text (the JSON a task carries)",
    key: 'content: reference date, payload md5, building details',
    bound: 'PRICING_CURVE_CACHE_SIZE entries (2,048)',
    invalidation: 'none needed: a changed observation has another key',
  },
  {
    name: 'worker_instruments',
    family: 'pricing_cache',
    thread: 'pricing worker',
    owner: 'workers/operations/valuation.ts (instruments)',
    holds: 'a bond rebuilt from its terms, with its parsed common terms and call schedule',
    key: "content: the terms' md5 and type (a floater's also its index, fixings, date and projection curve)",
    bound: 'PRICER_INSTRUMENT_CACHE_SIZE entries (32,768) and PRICER_INSTRUMENT_CACHE_MB estimated MB (512)',
    invalidation: 'none needed: content-keyed',
  },
  {
    name: 'worker_floater_plans',
    family: 'pricing_cache',
    thread: 'pricing worker',
    owner: 'workers/operations/valuation.ts (floaterPlans)',
    holds: "a floater's schedule, coupon dates and day counts: what depends on neither date nor curve",
    key: "content: the terms' md5, type and index",
    bound: 'as instruments, within half their MB',
    invalidation: 'none needed: content-keyed',
  },
  {
    name: 'worker_curves',
    family: 'pricing_cache',
    thread: 'pricing worker',
    owner: 'workers/operations/market.ts (builtCurves)',
    holds: 'a yield curve built from its nodes, with the data it was built from (carry rolls it forward)',
    key: "content: the decoded curve's key",
    bound: 'PRICER_CURVE_CACHE_SIZE entries (512)',
    invalidation: 'none needed: content-keyed',
  },
  {
    name: 'worker_fixings',
    family: 'pricing_cache',
    thread: 'pricing worker',
    owner: 'workers/operations/market.ts (fixingHistories)',
    holds: "a fixing set's history as a Map from date to rate",
    key: "content: the fixing set's md5",
    bound: '64 entries',
    invalidation: 'none needed: content-keyed',
  },
  {
    name: 'worker_callable_trees',
    family: 'pricing_cache',
    thread: 'pricing worker',
    owner: 'workers/operations/callable.ts (callableTrees)',
    holds: "a callable's Hull-White tree fitted to a curve at a date, and its valuation at spread 0",
    key: "content: the instrument key, the curve's key, the valuation date, the model's a, sigma and steps",
    bound:
      'PRICER_TREE_CACHE_SIZE entries (16,384) and PRICER_TREE_CACHE_MB estimated MB (192); trees over 65,536 nodes ' +
      'are not kept',
    invalidation: 'none needed: content-keyed',
  },
  {
    name: 'worker_result_serializers',
    family: 'pricing_cache',
    thread: 'pricing worker',
    owner: 'workers/result-json.ts (resultSerializers)',
    holds: "a compiled fast-json-stringify serializer of an operation's result",
    key: 'operation name',
    bound: 'one per response model',
    invalidation: 'none needed: the schemas are code',
  },
  {
    name: 'worker_scenario_curves',
    family: 'pricing_cache',
    thread: 'pricing worker',
    owner: 'workers/operations/scenarios.ts (scenarioCurves)',
    holds: "a yield curve rebuilt with a historical scenario's changes of its zero rates (VaR)",
    key: "content: the curve's key and the content key of the changes",
    bound: '4,096 entries',
    invalidation: 'none needed: content-keyed',
  },
  {
    name: 'counts',
    family: 'list_cache',
    thread: 'main',
    owner: 'src/db/list-counts.ts (listCounts)',
    holds: 'the exact count of a filtered list',
    key: "the list stamps it was computed under (renewed by triggers on every write) and the query's filters",
    bound: 'LIST_COUNT_CACHE_SIZE entries (2,000)',
    invalidation: 'none needed: a write renews the stamp, so an outdated entry is never asked for again',
  },
  {
    name: 'page_keys',
    family: 'list_cache',
    thread: 'main',
    owner: 'src/assets/list-keys.ts (pageSeeks)',
    holds: 'the order key of the row at an offset of a list (keyset access under the offset API)',
    key: 'stamp, list scope and offset',
    bound: '10,000 entries',
    invalidation: 'none needed: stamped as counts are',
  },
  {
    name: 'date_time_parses',
    family: 'http_cache',
    thread: 'main',
    owner: 'src/http/date-time.ts (dateTimeParses)',
    holds: 'the UTC ISO form of a date-time input, or why it is refused (frozen, shared)',
    key: 'the input text (at most 64 characters; longer input is parsed, never kept)',
    bound: '256 entries',
    invalidation: 'none needed: a pure function of its key',
  },
]

/**
 * Not caches (no key, nothing found again by content), listed so nothing on the pricing path is hidden: scratch a
 * computation reuses, owned by one module and passed in explicitly to the numerical core.
 */
export const WORKSPACES: readonly { name: string; owner: string; holds: string }[] = [
  {
    name: 'time workspace',
    owner: 'workers/operations/rebuild-instrument.ts (timeCaches)',
    holds:
      "each calendar's answers by date (a byte per date, on first use) and Business/252's business days per month " +
      'and year, ' +
      'by calendar object (weakly held: bounded by the calendars in use, a few dozen), and up to 1,024 joint ' +
      'calendars (TimeWorkspace, time/workspace.ts)',
  },
  {
    name: 'tree workspace',
    owner: 'workers/operations/callable.ts (TREE_WORKSPACE)',
    holds:
      "the last Hull-White tree layout and the passes' scratch arrays of a thread (TreeWorkspace, hull-white-tree.ts)",
  },
  {
    name: 'yield flows',
    owner: 'workers/operations/operations.ts (analytics)',
    holds:
      "one request's live flows and their times, shared by its yield solve and the measures at it " +
      '(YieldFlowsWorkspace)',
  },
]
