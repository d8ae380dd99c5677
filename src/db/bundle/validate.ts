/**
 * Bundle validation before anything is written: the JSON Schema (errors by JSON path), uniqueness inside the
 * bundle, instrument terms, and references that resolve neither inside the bundle nor in the database.
 */
import type { ErrorObject } from 'ajv'
import type { Sql } from '../client.ts'
import { createAjv } from '../../http/ajv.ts'
import { Bundle } from './schema.ts'

export interface BundleIssue {
  path: string
  message: string
}

export class BundleValidationError extends Error {
  override readonly name = 'BundleValidationError'
  constructor(readonly issues: BundleIssue[]) {
    super(`the bundle has ${issues.length} error${issues.length === 1 ? '' : 's'}:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`)
  }
}

const validateSchema = createAjv({}).compile(Bundle)

/** `/assets/3/uid` → `$.assets[3].uid` */
export function jsonPath(pointer: string): string {
  return '$' + pointer.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p.replace(/~1/g, '/').replace(/~0/g, '~')}`)).join('')
}

function schemaIssues(errors: ErrorObject[]): BundleIssue[] {
  return errors
    .filter((e) => e.keyword !== 'anyOf' || errors.length === 1)
    .map((e) => {
      if (e.keyword === 'additionalProperties') return { path: jsonPath(e.instancePath), message: `unknown field '${String(e.params.additionalProperty)}'` }
      if (e.keyword === 'required') return { path: `${jsonPath(e.instancePath)}.${String(e.params.missingProperty)}`, message: 'field required' }
      if (e.keyword === 'enum') return { path: jsonPath(e.instancePath), message: `must be one of ${(e.params.allowedValues as unknown[]).join(', ')}` }
      return { path: jsonPath(e.instancePath), message: e.message ?? 'is invalid' }
    })
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
} as const
type Target = keyof typeof REFERENCE_TARGETS
const TABLE_OF: Record<Target, string> = {
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
}

function duplicates<T>(items: T[] | undefined, key: (item: T) => string, path: string, what: string): BundleIssue[] {
  const seen = new Map<string, number>()
  const issues: BundleIssue[] = []
  ;(items ?? []).forEach((item, i) => {
    const k = key(item)
    const first = seen.get(k)
    if (first !== undefined) issues.push({ path: `${path}[${i}]`, message: `duplicate ${what} '${k}' (also at ${path}[${first}])` })
    else seen.set(k, i)
  })
  return issues
}

export async function validateBundle(input: unknown, sql: Sql, validateInstrument?: InstrumentValidator): Promise<Bundle> {
  if (!validateSchema(input)) throw new BundleValidationError(schemaIssues(validateSchema.errors ?? []))
  const b = input as Bundle
  const issues: BundleIssue[] = [
    ...duplicates(b.indexes, (x) => x.uid, '$.indexes', 'uid'),
    ...duplicates(b.indexes, (x) => x.unique_identifier, '$.indexes', 'unique_identifier'),
    ...duplicates(b.data_nodes, (x) => x.uid, '$.data_nodes', 'uid'),
    ...duplicates(b.curves, (x) => x.uid, '$.curves', 'uid'),
    ...duplicates(b.curves, (x) => x.unique_identifier, '$.curves', 'unique_identifier'),
    ...duplicates(b.curve_observations, (x) => `${x.data_node_uid}/${x.curve_identifier}/${x.time_index}`, '$.curve_observations', 'observation'),
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
  ]

  b.curve_observations?.forEach((o, i) =>
    issues.push(...duplicates(o.nodes, (n) => String(n.days_to_maturity), `$.curve_observations[${i}].nodes`, 'days_to_maturity')),
  )
  b.market_data_sets?.forEach((s, i) => {
    issues.push(...duplicates(s.bindings, (x) => x.concept_key, `$.market_data_sets[${i}].bindings`, 'concept_key'))
    issues.push(...duplicates(s.curve_selections, (x) => `${x.role_key}:${x.selector_type ?? 'index'}:${x.selector_key}:${x.quote_side}`, `$.market_data_sets[${i}].curve_selections`, 'binding key'))
  })
  b.calendars?.forEach((c, i) => {
    if (c.valid_to < c.valid_from) issues.push({ path: `$.calendars[${i}].valid_to`, message: 'must not be before valid_from' })
  })
  if (validateInstrument) {
    b.assets?.forEach((a, i) => {
      if (!a.pricing_details) return
      for (const issue of validateInstrument(a.pricing_details.instrument_type, a.pricing_details.instrument_dump)) {
        issues.push({ path: `$.assets[${i}].pricing_details.instrument_dump${issue.path.replace(/^\$/, '')}`, message: issue.message })
      }
    })
  }

  issues.push(...(await missingReferences(b, sql)))
  if (issues.length) throw new BundleValidationError(issues)
  return b
}

async function missingReferences(b: Bundle, sql: Sql): Promise<BundleIssue[]> {
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
    s.bindings?.forEach((x, j) => ref(`$.market_data_sets[${i}].bindings[${j}].data_node_uid`, 'data_nodes', x.data_node_uid))
    s.curve_selections?.forEach((x, j) => ref(`$.market_data_sets[${i}].curve_selections[${j}].curve_uid`, 'pricing_curves', x.curve_uid))
  })
  b.assets?.forEach((a, i) => ref(`$.assets[${i}].future_details.underlying_index_uid`, 'indexes', a.future_details?.underlying_index_uid))
  b.asset_categories?.forEach((c, i) => c.asset_uids?.forEach((u, j) => ref(`$.asset_categories[${i}].asset_uids[${j}]`, 'assets', u)))
  b.portfolios?.forEach((p, i) => {
    ref(`$.portfolios[${i}].calendar_uid`, 'calendars', p.calendar_uid)
    ref(`$.portfolios[${i}].published_index_uid`, 'indexes', p.published_index_uid)
    ref(`$.portfolios[${i}].signal_uid`, 'signal_metadata', p.signal_uid)
    p.weights?.forEach((w, j) => ref(`$.portfolios[${i}].weights[${j}].asset_identifier`, 'asset_identifiers', w.asset_identifier))
  })
  b.portfolio_groups?.forEach((g, i) => g.portfolio_uids?.forEach((u, j) => ref(`$.portfolio_groups[${i}].portfolio_uids[${j}]`, 'portfolios', u)))
  b.accounts?.forEach((a, i) => {
    a.holdings?.forEach((h, j) => h.positions.forEach((p, k) => ref(`$.accounts[${i}].holdings[${j}].positions[${k}].asset_identifier`, 'asset_identifiers', p.asset_identifier)))
    a.target_positions?.forEach((t, j) =>
      t.positions.forEach((p, k) => ref(`$.accounts[${i}].target_positions[${j}].positions[${k}].target_uid`, p.target_type === 'asset' ? 'assets' : 'portfolios', p.target_uid)),
    )
  })
  b.virtual_funds?.forEach((v, i) => {
    ref(`$.virtual_funds[${i}].account_uid`, 'accounts', v.account_uid)
    ref(`$.virtual_funds[${i}].target_portfolio_uid`, 'portfolios', v.target_portfolio_uid)
    v.holdings?.forEach((h, j) => {
      ref(`$.virtual_funds[${i}].holdings[${j}].source_account_holdings_set_uid`, 'account_holdings_sets', h.source_account_holdings_set_uid)
      h.positions.forEach((p, k) => ref(`$.virtual_funds[${i}].holdings[${j}].positions[${k}].asset_identifier`, 'asset_identifiers', p.asset_identifier))
    })
  })

  const pending = refs.filter((r) => !defined[r.target].has(r.value))
  const issues: BundleIssue[] = []
  const byTarget = new Map<Target, (typeof pending)[number][]>()
  for (const r of pending) byTarget.set(r.target, [...(byTarget.get(r.target) ?? []), r])
  for (const [target, list] of byTarget) {
    const values = [...new Set(list.map((r) => r.value))]
    const uuidColumn = REFERENCE_TARGETS[target] === 'uid'
    const candidates = uuidColumn ? values.filter((v) => /^[0-9a-f-]{36}$/i.test(v)) : values
    const found = new Set(
      candidates.length
        ? (await sql<{ v: string }[]>`select ${sql(REFERENCE_TARGETS[target])}::text as v from ${sql(TABLE_OF[target])} where ${sql(REFERENCE_TARGETS[target])}::text = any(${candidates})`).map((r) => r.v)
        : [],
    )
    for (const r of list) if (!found.has(r.value)) issues.push({ path: r.path, message: `refers to ${r.table}.${r.column} '${r.value}', which is neither in the bundle nor in the database` })
  }
  return issues
}
