/**
 * Bundle validation before anything is written: the JSON Schema (errors by JSON path), what pricing would refuse
 * (checked by pricing's own code), uniqueness inside the bundle, and references that resolve neither inside the
 * bundle nor in the database. Every error of a run is reported at once; warnings do not refuse the bundle.
 */
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { Sql } from '../client.ts'
import type { TaskCurve } from '../../contracts/pricing.ts'
import { INSTRUMENT_TYPES } from '../../contracts/instrument-terms.ts'
import { createAjv } from '../../http/ajv.ts'
import { relevantErrors } from '../../http/validation.ts'
import { iborTenorIssue } from '../../../workers/entry.ts'
import { conventionIssues, curveBuildingIssues, termsWarnings, validateInstrumentDump } from './instruments.ts'
import { BundleValidationError, jsonPath, type BundleIssue } from './issues.ts'
import { Bundle, isInflationObservation } from './schema.ts'

export { BundleValidationError, jsonPath, type BundleIssue } from './issues.ts'

// compiled when a bundle is first validated, not when the module loads: the schema is large (~0.4 s of CPU), and a
// process that never loads a bundle (a server without the demo, a worker, most test files) never needs it
let compiled: ValidateFunction | null = null
const schemaValidator = (): ValidateFunction => (compiled ??= createAjv({}).compile(Bundle))

/** The value at a JSON pointer of the input (to quote it in a message). */
const at = (input: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), input)

function schemaIssues(errors: ErrorObject[], input: unknown): BundleIssue[] {
  // an if/then rule reports its branch's errors, and then that the branch failed: keep the first
  return relevantErrors(errors.filter((e) => e.keyword !== 'if')).map((e) => {
    if (e.keyword === 'required' && e.params.missingProperty === 'unpriced') {
      const type = String(at(input, `${e.instancePath}/instrument_type`))
      return {
        path: `${jsonPath(e.instancePath)}.instrument_type`,
        message:
          `'${type}' is not an instrument class of the pricer (${INSTRUMENT_TYPES.join(', ')}); mark the pricing ` +
          `details \`unpriced: true\` to store it without pricing`,
      }
    }
    if (e.keyword === 'additionalProperties')
      return { path: jsonPath(e.instancePath), message: `unknown field '${String(e.params.additionalProperty)}'` }
    if (e.keyword === 'required')
      return { path: `${jsonPath(e.instancePath)}.${String(e.params.missingProperty)}`, message: 'field required' }
    if (e.keyword === 'enum')
      return {
        path: jsonPath(e.instancePath),
        message: `must be one of ${(e.params.allowedValues as unknown[]).join(', ')}`,
      }
    return { path: jsonPath(e.instancePath), message: e.message ?? 'is invalid' }
  })
}

const relative = (base: string, issues: BundleIssue[]) =>
  issues.map((i) => ({ path: `${base}${i.path.replace(/^\$/, '')}`, message: i.message }))
const items = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? v : [])

/**
 * What pricing would refuse, on the parts of the bundle the schema accepted (`clean`): conventions, curve
 * building details and instrument terms through pricing's own code. Percentage-looking rates are warnings.
 */
function pricingIssues(b: Bundle, validateInstrument: InstrumentValidator, clean: (path: string) => boolean) {
  const errors: BundleIssue[] = []
  const warnings: BundleIssue[] = []
  items(b.indexes).forEach((x, i) => {
    const path = `$.indexes[${i}].convention.convention_dump`
    if (x?.convention?.convention_dump && clean(path))
      errors.push(...relative(path, conventionIssues(x.convention.convention_dump)))
  })
  items(b.curves).forEach((x, i) => {
    const path = `$.curves[${i}].building_details`
    if (x?.building_details && clean(path))
      errors.push(...relative(path, curveBuildingIssues(x.building_details as TaskCurve['building'])))
  })
  items(b.assets).forEach((a, i) => {
    const path = `$.assets[${i}].pricing_details`
    const details = a?.pricing_details
    if (!details || !clean(path) || !(INSTRUMENT_TYPES as string[]).includes(details.instrument_type)) return
    errors.push(
      ...relative(`${path}.instrument_dump`, validateInstrument(details.instrument_type, details.instrument_dump)),
    )
    warnings.push(
      ...relative(`${path}.instrument_dump`, termsWarnings(details.instrument_type, details.instrument_dump)),
    )
  })
  return { errors, warnings }
}

/** Validates instrument terms of one asset; returns messages keyed by a path relative to the dump. */
export type InstrumentValidator = (instrumentType: string, dump: unknown) => BundleIssue[]

interface Reference {
  path: string
  table: string
  column: string
  value: string
}

/** Tables and key columns a bundle may reference; the values are identifiers from this file, never input. */
const REFERENCE_TARGETS = {
  data_nodes: 'uid',
  indexes: 'uid',
  index_identifiers: 'unique_identifier',
  pricing_curves: 'uid',
  curve_identifiers: 'unique_identifier',
  assets: 'uid',
  asset_identifiers: 'unique_identifier',
  calendars: 'uid',
  signal_metadata: 'signal_uid',
  portfolios: 'uid',
  accounts: 'uid',
  account_holdings_sets: 'uid',
  index_conventions: 'index_uid',
  market_parameters: 'uid',
} as const
type Target = keyof typeof REFERENCE_TARGETS
const TABLE_OF: Record<Target, string> = {
  market_parameters: 'pricing_market_parameters',
  data_nodes: 'data_nodes',
  indexes: 'indexes',
  index_identifiers: 'indexes',
  pricing_curves: 'pricing_curves',
  curve_identifiers: 'pricing_curves',
  assets: 'assets',
  asset_identifiers: 'assets',
  calendars: 'calendars',
  signal_metadata: 'signal_metadata',
  portfolios: 'portfolios',
  accounts: 'accounts',
  account_holdings_sets: 'account_holdings_sets',
  index_conventions: 'index_convention_details',
}
/** What a reference names, where the table and column alone would not say it. */
const NAMED: Partial<Record<Target, string>> = {
  index_conventions: 'an index with conventions (floating coupons need its tenor, fixing days, calendar and day count)',
}

function duplicates<T>(items: T[] | undefined, key: (item: T) => string, path: string, what: string): BundleIssue[] {
  const seen = new Map<string, number>()
  const issues: BundleIssue[] = []
  ;(items ?? []).forEach((item, i) => {
    const k = key(item)
    const first = seen.get(k)
    if (first !== undefined)
      issues.push({ path: `${path}[${i}]`, message: `duplicate ${what} '${k}' (also at ${path}[${first}])` })
    else seen.set(k, i)
  })
  return issues
}

export interface ValidatedBundle {
  bundle: Bundle
  warnings: BundleIssue[]
}

export interface ValidateOptions {
  /** checks instrument terms (default: pricing's own rebuild) */
  validateInstrument?: InstrumentValidator
  /** accept curve zero rates above 100% (genuine hyperinflation data; `npm run load -- --allow-large-rates`) */
  allowLargeRates?: boolean
}

/**
 * Throws BundleValidationError listing every error; else the bundle and its warnings. Without `sql` (a check
 * with no database) references must resolve inside the bundle.
 */
export async function validateBundle(
  input: unknown,
  sql: Sql | null,
  options: ValidateOptions = {},
): Promise<ValidatedBundle> {
  const validateInstrument = options.validateInstrument ?? validateInstrumentDump
  const validateSchema = schemaValidator()
  const schemaOk = validateSchema(input)
  const issues: BundleIssue[] = schemaOk ? [] : schemaIssues(validateSchema.errors ?? [], input)
  const b = input as Bundle
  const rejected = [...issues]
  const clean = (path: string) =>
    !rejected.some((i) => i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`))
  const pricing =
    b && typeof b === 'object' ? pricingIssues(b, validateInstrument, clean) : { errors: [], warnings: [] }
  issues.push(...pricing.errors)
  if (!schemaOk) throw new BundleValidationError(issues)
  issues.push(
    ...duplicates(b.indexes, (x) => x.uid, '$.indexes', 'uid'),
    ...duplicates(b.indexes, (x) => x.unique_identifier, '$.indexes', 'unique_identifier'),
    ...duplicates(b.data_nodes, (x) => x.uid, '$.data_nodes', 'uid'),
    ...duplicates(b.curves, (x) => x.uid, '$.curves', 'uid'),
    ...duplicates(b.curves, (x) => x.unique_identifier, '$.curves', 'unique_identifier'),
    ...duplicates(
      b.curve_observations,
      (x) => `${x.data_node_uid}/${x.curve_identifier}/${x.time_index}`,
      '$.curve_observations',
      'observation',
    ),
    ...duplicates(b.market_data_sets, (x) => x.uid, '$.market_data_sets', 'uid'),
    ...duplicates(b.market_data_sets, (x) => x.set_key, '$.market_data_sets', 'set_key'),
    ...duplicates(b.assets, (x) => x.uid, '$.assets', 'uid'),
    ...duplicates(b.assets, (x) => x.unique_identifier, '$.assets', 'unique_identifier'),
    ...duplicates(b.asset_categories, (x) => x.uid, '$.asset_categories', 'uid'),
    ...duplicates(b.calendars, (x) => x.uid, '$.calendars', 'uid'),
    ...duplicates(b.portfolios, (x) => x.uid, '$.portfolios', 'uid'),
    ...duplicates(b.portfolio_groups, (x) => x.uid, '$.portfolio_groups', 'uid'),
    ...duplicates(b.accounts, (x) => x.uid, '$.accounts', 'uid'),
    ...duplicates(b.virtual_funds, (x) => x.uid, '$.virtual_funds', 'uid'),
  )

  b.curve_observations?.forEach((o, i) => {
    const path = `$.curve_observations[${i}]`
    if (isInflationObservation(o)) {
      // a zero-inflation curve (design §5.1): dated nodes, strictly increasing, with its lag and day counter
      if (!o.lag)
        issues.push({ path: `${path}.lag`, message: 'an inflation curve observation needs its lag (e.g. 3M)' })
      if (!o.day_counter)
        issues.push({ path: `${path}.day_counter`, message: 'an inflation curve observation needs its day_counter' })
      const j = o.nodes.findIndex((n, k) => k > 0 && n.date <= o.nodes[k - 1].date)
      if (j > 0) issues.push({ path: `${path}.nodes[${j}].date`, message: 'node dates must increase strictly' })
      return
    }
    const nodes = o.nodes as { days_to_maturity: number; zero: number }[]
    issues.push(...duplicates(nodes, (n) => String(n.days_to_maturity), `${path}.nodes`, 'days_to_maturity'))
  })
  b.market_data_sets?.forEach((s, i) => {
    issues.push(...duplicates(s.bindings, (x) => x.concept_key, `$.market_data_sets[${i}].bindings`, 'concept_key'))
    issues.push(
      ...duplicates(
        s.curve_selections,
        (x) => `${x.role_key}:${x.selector_type ?? 'index'}:${x.selector_key}:${x.quote_side}`,
        `$.market_data_sets[${i}].curve_selections`,
        'binding key',
      ),
      ...duplicates(
        s.parameter_selections,
        (x) => `${x.role_key}:index:${x.selector_key}:${x.quote_side}`,
        `$.market_data_sets[${i}].parameter_selections`,
        'binding key',
      ),
    )
  })
  issues.push(...(await marketParameterIssues(b, sql)))
  b.calendars?.forEach((c, i) => {
    if (c.valid_to < c.valid_from)
      issues.push({ path: `$.calendars[${i}].valid_to`, message: 'must not be before valid_from' })
  })
  issues.push(...(await missingReferences(b, sql)))
  issues.push(...(await overnightIndexIssues(b, sql)))
  issues.push(...(await dailyMarketDataIssues(b, sql)))
  if (!options.allowLargeRates) issues.push(...(await largeRateIssues(b, sql)))
  if (issues.length) throw new BundleValidationError(issues)
  return { bundle: b, warnings: pricing.warnings }
}

/**
 * Market parameters (design §5.1): their identifiers are unique, and a selection's role is the kind of the parameter it
 * selects (the bundle's, else the database's).
 */
async function marketParameterIssues(b: Bundle, sql: Sql | null): Promise<BundleIssue[]> {
  const issues: BundleIssue[] = [
    ...duplicates(b.market_parameters, (x) => x.uid, '$.market_parameters', 'uid'),
    ...duplicates(b.market_parameters, (x) => x.unique_identifier, '$.market_parameters', 'unique_identifier'),
  ]
  const kinds = new Map(b.market_parameters?.map((p) => [p.uid.toLowerCase(), p.kind]))
  const selections = (b.market_data_sets ?? []).flatMap((s, i) =>
    (s.parameter_selections ?? []).map((x, j) => ({ x, path: `$.market_data_sets[${i}].parameter_selections[${j}]` })),
  )
  const stored = selections.map(({ x }) => x.parameter_uid.toLowerCase()).filter((u) => !kinds.has(u))
  if (sql && stored.length > 0) {
    const rows = await sql<{ uid: string; kind: string }[]>`
      select uid::text, kind from pricing_market_parameters where uid = any(${stored}::uuid[])`
    for (const r of rows) kinds.set(r.uid, r.kind as 'optionlet_vol' | 'short_rate_model')
  }
  for (const { x, path } of selections) {
    const kind = kinds.get(x.parameter_uid.toLowerCase())
    if (kind !== undefined && kind !== x.role_key)
      issues.push({
        path: `${path}.parameter_uid`,
        message: `selects a ${kind} parameter for role ${x.role_key}: the role must be the parameter's kind`,
      })
  }
  return issues
}

/**
 * Curve nodes above 100% (in the curve's rate_unit): almost surely percentages typed as decimals (1.95 for 1.95%),
 * which would price every bond on the curve wrong. The curve's building details are in the bundle, else in the
 * database; one issue per observation, at its first such node.
 */
async function largeRateIssues(b: Bundle, sql: Sql | null): Promise<BundleIssue[]> {
  const observations = b.curve_observations ?? []
  if (observations.length === 0) return []
  const units = new Map<string, string | null>()
  for (const c of b.curves ?? []) units.set(c.unique_identifier, c.building_details?.rate_unit ?? null)
  const stored = [...new Set(observations.map((o) => o.curve_identifier))].filter((id) => !units.has(id))
  if (stored.length && sql) {
    const rows = await sql<{ id: string; unit: string | null }[]>`
      select c.unique_identifier as id, b.rate_unit as unit from pricing_curves c left join curve_building_details b
        on b.curve_uid = c.uid
      where c.unique_identifier = any(${stored})`
    for (const r of rows) units.set(r.id, r.unit)
  }
  const issues: BundleIssue[] = []
  observations.forEach((o, i) => {
    if (isInflationObservation(o)) return
    const nodes = o.nodes as { days_to_maturity: number; zero: number }[]
    const percent = units.get(o.curve_identifier) === 'percent'
    const j = nodes.findIndex((n) => Math.abs(percent ? n.zero / 100 : n.zero) > 1)
    if (j < 0) return
    const zero = nodes[j].zero
    const shown = `${+(percent ? zero : zero * 100).toPrecision(12)}%`
    issues.push({
      path: `$.curve_observations[${i}].nodes[${j}].zero`,
      message:
        `${zero} is a zero rate of ${shown}: rates are decimals (0.0195 is ` +
        `1.95%)${percent ? '' : ", or give the curve's building details rate_unit percent"}; a genuine rate above ` +
        `100% (hyperinflation) loads with --allow-large-rates`,
    })
  })
  return issues
}

/**
 * Floaters against their index's kind (in the bundle, else in the database): an Ibor index too short for an Ibor
 * coupon (iborTenorIssue) or an `overnight` block on one; on an overnight index, the terms an overnight coupon cannot
 * honour (design §4.2).
 */
async function overnightIndexIssues(b: Bundle, sql: Sql | null): Promise<BundleIssue[]> {
  const floaters = (b.assets ?? []).flatMap((a, i) => {
    const dump = a.pricing_details?.unpriced ? undefined : a.pricing_details?.instrument_dump
    // a CPI bond's inflation index is checked for its kind like a floater's index
    const uid = dump?.floating_rate_index_uid ?? dump?.inflation_index_uid
    return typeof uid === 'string' ? [{ uid, dump: dump!, path: `$.assets[${i}].pricing_details.instrument_dump` }] : []
  })
  if (floaters.length === 0) return []
  const indexes = new Map<string, { identifier: string; tenor: unknown; kind: unknown }>()
  for (const x of b.indexes ?? [])
    if (x.convention)
      indexes.set(x.uid, {
        identifier: x.unique_identifier,
        tenor: x.convention.convention_dump.tenor,
        kind: x.convention.convention_dump.index_kind,
      })
  const stored = [...new Set(floaters.map((f) => f.uid))].filter((u) => !indexes.has(u) && /^[0-9a-f-]{36}$/i.test(u))
  if (stored.length && sql) {
    const rows = await sql<{ uid: string; identifier: string; tenor: unknown; kind: unknown }[]>`
      select ix.uid::text as uid, ix.unique_identifier as identifier, cd.convention_dump -> 'tenor' as tenor,
        cd.convention_dump -> 'index_kind' as kind
      from indexes ix join index_convention_details cd on cd.index_uid = ix.uid where ix.uid::text = any(${stored})`
    for (const r of rows) indexes.set(r.uid, { identifier: r.identifier, tenor: r.tenor, kind: r.kind })
  }
  return floaters.flatMap((f): BundleIssue[] => {
    const index = indexes.get(f.uid)
    if (!index) return []
    const dump = f.dump as Record<string, unknown>
    const cpi = dump.inflation_index_uid !== undefined
    if (cpi !== (index.kind === 'inflation'))
      return [
        {
          path: `${f.path}.${cpi ? 'inflation_index_uid' : 'floating_rate_index_uid'}`,
          message: cpi
            ? `index '${index.identifier}' is not an inflation index (its conventions' index_kind is not "inflation")`
            : `index '${index.identifier}' is an inflation index: a floater needs an Ibor or overnight index`,
        },
      ]
    if (cpi) return []
    if (index.kind === 'overnight')
      return OVERNIGHT_REFUSED.filter((name) => {
        const v = dump[name]
        return !(v === undefined || v === null || v === false || (Array.isArray(v) && v.length === 0))
      }).map((name) => ({
        path: `${f.path}.${name}`,
        message:
          `an overnight-compounded coupon on '${index.identifier}' takes no ${name.replace('_', ' ')} ` +
          '(design §4.2); remove it',
      }))
    if (dump.overnight !== undefined && dump.overnight !== null)
      return [
        {
          path: `${f.path}.overnight`,
          message:
            `index '${index.identifier}' is not an overnight index (its conventions' index_kind is not ` +
            '"overnight"): remove overnight or use an overnight index',
        },
      ]
    const issue = typeof index.tenor === 'string' ? iborTenorIssue(index.identifier, index.tenor) : null
    return issue ? [{ path: `${f.path}.floating_rate_index_uid`, message: issue }] : []
  })
}

const OVERNIGHT_REFUSED = ['caps', 'floors', 'in_arrears', 'fixing_days'] as const

/** The first day of the month of `iso` less `lag` months or years (a CPI bond's base month). */
function baseMonth(iso: string, lag: string): string | null {
  const m = /^(\d+)([MY])$/.exec(lag)
  const d = new Date(`${iso}T00:00:00Z`)
  if (!m || Number.isNaN(d.getTime())) return null
  const months = Number(m[1]) * (m[2] === 'Y' ? 12 : 1)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1)).toISOString().slice(0, 10)
}

/**
 * The market data a bond on a daily or monthly index cannot price without (design §4.2), in the bundle or the
 * database: an overnight floater's index needs its daily fixings (some stored); a CPI bond's index needs an `inflation`
 * curve selection in some market-data set and CPI values back to the bond's base month (its issue less the lag).
 */
async function dailyMarketDataIssues(b: Bundle, sql: Sql | null): Promise<BundleIssue[]> {
  interface Want {
    path: string
    uid: string
    base: string | null
    cpi: boolean
  }
  const wants = (b.assets ?? []).flatMap((a, i): Want[] => {
    const dump = a.pricing_details?.unpriced ? undefined : a.pricing_details?.instrument_dump
    const path = `$.assets[${i}].pricing_details.instrument_dump`
    if (!dump) return []
    if (a.pricing_details?.instrument_type === 'CPIBond' && typeof dump.inflation_index_uid === 'string') {
      const base = baseMonth(String(dump.issue_date), String(dump.observation_lag))
      return base ? [{ path: `${path}.inflation_index_uid`, uid: dump.inflation_index_uid, base, cpi: true }] : []
    }
    if (dump.overnight !== undefined && typeof dump.floating_rate_index_uid === 'string')
      return [{ path: `${path}.floating_rate_index_uid`, uid: dump.floating_rate_index_uid, base: null, cpi: false }]
    return []
  })
  if (wants.length === 0) return []
  const identifiers = new Map<string, string>()
  for (const x of b.indexes ?? []) identifiers.set(x.uid.toLowerCase(), x.unique_identifier)
  const stored = [...new Set(wants.map((w) => w.uid.toLowerCase()))].filter((u) => !identifiers.has(u))
  if (stored.length && sql)
    for (const r of await sql<{ uid: string; identifier: string }[]>`
      select uid::text, unique_identifier as identifier from indexes where uid::text = any(${stored})`)
      identifiers.set(r.uid, r.identifier)
  // the earliest fixing of each index, and which indexes some set selects an inflation curve for
  const earliest = new Map<string, string>()
  const note = (identifier: string, date: string) => {
    const known = earliest.get(identifier)
    if (known === undefined || date < known) earliest.set(identifier, date)
  }
  for (const f of b.fixings ?? []) for (const x of f.fixings) note(f.index_identifier, x.date)
  const selected = new Set(
    (b.market_data_sets ?? []).flatMap((m) =>
      (m.curve_selections ?? []).filter((c) => c.role_key === 'inflation').map((c) => c.selector_key.toLowerCase()),
    ),
  )
  const names = [...new Set([...identifiers.values()])]
  if (sql && names.length) {
    for (const r of await sql<{ identifier: string; first: string }[]>`
      select index_identifier as identifier, min(fixing_date)::text as first from index_fixings
      where index_identifier = any(${names}) group by index_identifier`)
      note(r.identifier, r.first)
    const uids = wants.filter((w) => w.cpi).map((w) => w.uid.toLowerCase())
    if (uids.length)
      for (const r of await sql<{ uid: string }[]>`
        select distinct selector_key as uid from pricing_curve_selections
        where role_key = 'inflation' and lower(selector_key) = any(${uids})`)
        selected.add(r.uid.toLowerCase())
  }
  return wants.flatMap((w): BundleIssue[] => {
    const identifier = identifiers.get(w.uid.toLowerCase())
    if (identifier === undefined) return [] // a missing index is missingReferences' issue
    const first = earliest.get(identifier)
    if (!w.cpi)
      return first === undefined
        ? [{ path: w.path, message: `overnight index '${identifier}' has no fixings: load its daily fixings` }]
        : []
    const issues: BundleIssue[] = []
    if (!selected.has(w.uid.toLowerCase()))
      issues.push({
        path: w.path,
        message:
          `no market-data set selects an inflation curve for '${identifier}' (a curve_selections row with role_key ` +
          '"inflation" on the index): its CPI cannot be forecast',
      })
    if (first === undefined || first > w.base!)
      issues.push({
        path: w.path,
        message:
          `'${identifier}' has no CPI value at or before ${w.base} (the bond's issue less its observation lag)` +
          `${first ? `: its first is ${first}` : ''}; load its fixings back to the base month`,
      })
    return issues
  })
}

async function missingReferences(b: Bundle, sql: Sql | null): Promise<BundleIssue[]> {
  const defined: Record<Target, Set<string>> = {
    data_nodes: new Set(b.data_nodes?.map((x) => x.uid)),
    indexes: new Set(b.indexes?.map((x) => x.uid)),
    index_identifiers: new Set(b.indexes?.map((x) => x.unique_identifier)),
    pricing_curves: new Set(b.curves?.map((x) => x.uid)),
    curve_identifiers: new Set(b.curves?.map((x) => x.unique_identifier)),
    assets: new Set(b.assets?.map((x) => x.uid)),
    asset_identifiers: new Set(b.assets?.map((x) => x.unique_identifier)),
    calendars: new Set(b.calendars?.map((x) => x.uid)),
    signal_metadata: new Set(b.signals?.map((x) => x.signal_uid)),
    portfolios: new Set(b.portfolios?.map((x) => x.uid)),
    accounts: new Set(b.accounts?.map((x) => x.uid)),
    account_holdings_sets: new Set(b.accounts?.flatMap((a) => a.holdings?.map((h) => h.uid) ?? [])),
    index_conventions: new Set(b.indexes?.filter((x) => x.convention).map((x) => x.uid)),
    market_parameters: new Set(b.market_parameters?.map((x) => x.uid)),
  }
  const refs: (Reference & { target: Target })[] = []
  const ref = (path: string, target: Target, value: string | null | undefined) => {
    if (value) refs.push({ path, target, table: TABLE_OF[target], column: REFERENCE_TARGETS[target], value })
  }
  b.curve_observations?.forEach((o, i) => {
    ref(`$.curve_observations[${i}].data_node_uid`, 'data_nodes', o.data_node_uid)
    ref(`$.curve_observations[${i}].curve_identifier`, 'curve_identifiers', o.curve_identifier)
  })
  b.fixings?.forEach((f, i) => {
    ref(`$.fixings[${i}].data_node_uid`, 'data_nodes', f.data_node_uid)
    ref(`$.fixings[${i}].index_identifier`, 'index_identifiers', f.index_identifier)
  })
  b.market_data_sets?.forEach((s, i) => {
    s.bindings?.forEach((x, j) =>
      ref(`$.market_data_sets[${i}].bindings[${j}].data_node_uid`, 'data_nodes', x.data_node_uid),
    )
    s.curve_selections?.forEach((x, j) => {
      ref(`$.market_data_sets[${i}].curve_selections[${j}].curve_uid`, 'pricing_curves', x.curve_uid)
      // pricing finds a selection by the index uid an instrument names: any other key can never be selected
      if ((x.selector_type ?? 'index') === 'index')
        ref(`$.market_data_sets[${i}].curve_selections[${j}].selector_key`, 'indexes', x.selector_key)
    })
    s.parameter_selections?.forEach((x, j) => {
      ref(`$.market_data_sets[${i}].parameter_selections[${j}].parameter_uid`, 'market_parameters', x.parameter_uid)
      ref(`$.market_data_sets[${i}].parameter_selections[${j}].selector_key`, 'indexes', x.selector_key)
    })
  })
  b.assets?.forEach((a, i) => {
    const dump = a.pricing_details?.instrument_dump
    if (!dump || a.pricing_details?.unpriced) return
    const path = `$.assets[${i}].pricing_details.instrument_dump`
    if (typeof dump.floating_rate_index_uid === 'string')
      ref(`${path}.floating_rate_index_uid`, 'index_conventions', dump.floating_rate_index_uid)
    if (typeof dump.inflation_index_uid === 'string')
      ref(`${path}.inflation_index_uid`, 'index_conventions', dump.inflation_index_uid)
    if (typeof dump.benchmark_rate_index_uid === 'string')
      ref(`${path}.benchmark_rate_index_uid`, 'indexes', dump.benchmark_rate_index_uid)
  })
  b.assets?.forEach((a, i) =>
    ref(`$.assets[${i}].future_details.underlying_index_uid`, 'indexes', a.future_details?.underlying_index_uid),
  )
  b.asset_categories?.forEach((c, i) =>
    c.asset_uids?.forEach((u, j) => ref(`$.asset_categories[${i}].asset_uids[${j}]`, 'assets', u)),
  )
  b.portfolios?.forEach((p, i) => {
    ref(`$.portfolios[${i}].calendar_uid`, 'calendars', p.calendar_uid)
    ref(`$.portfolios[${i}].published_index_uid`, 'indexes', p.published_index_uid)
    ref(`$.portfolios[${i}].signal_uid`, 'signal_metadata', p.signal_uid)
    p.weights?.forEach((w, j) =>
      ref(`$.portfolios[${i}].weights[${j}].asset_identifier`, 'asset_identifiers', w.asset_identifier),
    )
  })
  b.portfolio_groups?.forEach((g, i) =>
    g.portfolio_uids?.forEach((u, j) => ref(`$.portfolio_groups[${i}].portfolio_uids[${j}]`, 'portfolios', u)),
  )
  b.accounts?.forEach((a, i) => {
    a.holdings?.forEach((h, j) =>
      h.positions.forEach((p, k) =>
        ref(
          `$.accounts[${i}].holdings[${j}].positions[${k}].asset_identifier`,
          'asset_identifiers',
          p.asset_identifier,
        ),
      ),
    )
    a.target_positions?.forEach((t, j) =>
      t.positions.forEach((p, k) =>
        ref(
          `$.accounts[${i}].target_positions[${j}].positions[${k}].target_uid`,
          p.target_type === 'asset' ? 'assets' : 'portfolios',
          p.target_uid,
        ),
      ),
    )
  })
  b.virtual_funds?.forEach((v, i) => {
    ref(`$.virtual_funds[${i}].account_uid`, 'accounts', v.account_uid)
    ref(`$.virtual_funds[${i}].target_portfolio_uid`, 'portfolios', v.target_portfolio_uid)
    v.holdings?.forEach((h, j) => {
      ref(
        `$.virtual_funds[${i}].holdings[${j}].source_account_holdings_set_uid`,
        'account_holdings_sets',
        h.source_account_holdings_set_uid,
      )
      h.positions.forEach((p, k) =>
        ref(
          `$.virtual_funds[${i}].holdings[${j}].positions[${k}].asset_identifier`,
          'asset_identifiers',
          p.asset_identifier,
        ),
      )
    })
  })

  const pending = refs.filter((r) => !defined[r.target].has(r.value))
  const issues: BundleIssue[] = []
  const byTarget = new Map<Target, (typeof pending)[number][]>()
  for (const r of pending) {
    // appended in place: a bundle of 50,000 bonds has as many references per target
    const list = byTarget.get(r.target)
    if (list) list.push(r)
    else byTarget.set(r.target, [r])
  }
  for (const [target, list] of byTarget) {
    const values = [...new Set(list.map((r) => r.value))]
    const uuidColumn = REFERENCE_TARGETS[target] === 'uid'
    const candidates = uuidColumn ? values.filter((v) => /^[0-9a-f-]{36}$/i.test(v)) : values
    const found = new Set(
      candidates.length && sql
        ? (
            await sql<
              { v: string }[]
            >`select ${sql(REFERENCE_TARGETS[target])}::text as v from ${sql(TABLE_OF[target])} where
              ${sql(REFERENCE_TARGETS[target])}::text = any(${candidates})`
          ).map((r) => r.v)
        : [],
    )
    const where = sql ? 'neither in the bundle nor in the database' : 'not in the bundle (checked without a database)'
    for (const r of list) {
      if (found.has(r.value)) continue
      const what = NAMED[target] ? `${NAMED[target]} '${r.value}'` : `${r.table}.${r.column} '${r.value}'`
      issues.push({ path: r.path, message: `refers to ${what}, which is ${where}` })
    }
  }
  return issues
}
