import t from 'tap'
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { createTestDatabase } from '../helpers/database.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { BundleValidationError } from '../../src/db/bundle/validate.ts'
import { bundleJsonSchema } from '../../src/db/bundle/json-schema.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { decodeCurve } from '../../src/db/curve-payload.ts'
import type { Sql } from '../../src/db/client.ts'

const TABLES = [
  'indexes',
  'index_convention_details',
  'data_nodes',
  'pricing_curves',
  'curve_building_details',
  'discount_curve_observations',
  'index_fixings',
  'pricing_market_data_sets',
  'pricing_market_data_bindings',
  'pricing_curve_selections',
  'assets',
  'asset_details',
  'asset_snapshots',
  'asset_pricing_details',
  'future_asset_details',
  'asset_categories',
  'asset_category_memberships',
  'calendars',
  'calendar_dates',
  'calendar_sessions',
  'calendar_events',
  'portfolios',
  'portfolio_metadata',
  'portfolio_weights',
  'portfolio_values',
  'portfolio_groups',
  'portfolio_group_memberships',
  'accounts',
  'account_holdings_sets',
  'account_holdings',
  'account_allocation_models',
  'account_target_allocations',
  'position_sets',
  'target_positions',
  'virtual_funds',
  'virtual_fund_holdings_sets',
  'virtual_fund_holdings',
]

/** Every row of every table, as sorted JSON text: two equal snapshots mean the same end state. */
async function snapshot(sql: Sql): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const table of TABLES) {
    const rows = await sql<{ j: string }[]>`select row_to_json(x)::text as j from ${sql(table)} x`
    out[table] = rows.map((r) => r.j).sort()
  }
  return out
}

const clone = <T>(x: T): T => structuredClone(x)

t.test('the demo bundle loads, and loading it twice leaves the same end state', async (t) => {
  const { sql } = await createTestDatabase(t)
  const demo = readDemoBundle()
  const first = await loadBundle(sql, demo)
  t.ok(first.assets >= 12 && first.curves >= 4 && first.fixings > 500, JSON.stringify(first))
  const afterFirst = await snapshot(sql)
  await loadBundle(sql, demo)
  t.same(await snapshot(sql), afterFirst)

  const classes = await sql<
    { instrument_type: string; n: number }[]
  >`select instrument_type, count(*)::int as n from asset_pricing_details group by 1`
  for (const cls of [
    'FixedRateBond',
    'CallableFixedRateBond',
    'AmortizingFixedRateBond',
    'ZeroCouponBond',
    'FloatingRateBond',
    'AmortizingFloatingRateBond',
  ]) {
    t.ok((classes.find((c) => c.instrument_type === cls)?.n ?? 0) >= 2, `two ${cls}`)
  }
  const roles = await sql<{ role_key: string }[]>`select distinct role_key from pricing_curve_selections order by 1`
  t.same(
    roles.map((r) => r.role_key),
    ['discount', 'inflation', 'projection', 'z_spread_base'],
  )
  const [obs] = await sql<
    { curve: string }[]
  >`select curve from discount_curve_observations order by curve_identifier, time_index limit 1`
  const nodes = decodeCurve(obs.curve)
  t.ok(
    nodes.days_to_maturity.length > 5 && nodes.days_to_maturity.every((d, i, a) => i === 0 || d > a[i - 1]),
    'observations are stored compressed and decode sorted',
  )
  const [{ n: dates }] = await sql<
    { n: number }[]
  >`select count(distinct time_index)::int as n from discount_curve_observations`
  t.ok(dates >= 2, 'two observation dates')
  const [{ n: ccy }] = await sql<{ n: number }[]>`select count(distinct currency_code)::int as n from pricing_curves`
  t.ok(ccy >= 2, 'two currencies')
})

t.test('schema errors are listed by JSON path and nothing is written', async (t) => {
  const { sql } = await createTestDatabase(t)
  const before = await snapshot(sql)
  const bad = clone(readDemoBundle()) as {
    assets: Record<string, unknown>[]
    curves: Record<string, unknown>[]
    surprise?: number
  }
  bad.assets[3].uid = 'not-a-uuid'
  delete bad.curves[1].curve_type
  bad.surprise = 1
  const error = await loadBundle(sql, bad).catch((e: unknown) => e)
  t.ok(error instanceof BundleValidationError)
  const issues = (error as BundleValidationError).issues
  t.same(issues.map((i) => i.path).sort(), ['$', '$.assets[3].uid', '$.curves[1].curve_type'].sort())
  t.match(issues.find((i) => i.path === '$')?.message, "unknown field 'surprise'")
  t.same(await snapshot(sql), before)
})

t.test('reference and duplicate errors are listed by JSON path and nothing is written', async (t) => {
  const { sql } = await createTestDatabase(t)
  const bad = clone(readDemoBundle()) as Record<string, Record<string, unknown>[]>
  ;(bad.market_data_sets[0].curve_selections as Record<string, unknown>[])[2].curve_uid =
    '00000000-0000-4000-8000-000000000000'
  bad.portfolios[1].calendar_uid = '00000000-0000-4000-8000-000000000001'
  bad.assets.push({ ...bad.assets[0] })
  const before = await snapshot(sql)
  const error = (await loadBundle(sql, bad).catch((e: unknown) => e)) as BundleValidationError
  t.ok(error instanceof BundleValidationError)
  const paths = error.issues.map((i) => i.path)
  t.ok(paths.includes('$.market_data_sets[0].curve_selections[2].curve_uid'), paths.join())
  t.ok(paths.includes('$.portfolios[1].calendar_uid'))
  t.ok(paths.includes(`$.assets[${bad.assets.length - 1}]`))
  t.match(error.message, /refers to pricing_curves\.uid '00000000-0000-4000-8000-000000000000'/)
  t.same(await snapshot(sql), before)
})

t.test('a database failure rolls the whole bundle back', async (t) => {
  const { sql } = await createTestDatabase(t)
  const bad = clone(readDemoBundle()) as Record<string, Record<string, unknown>[]>
  // passes validation, breaks a database rule (session closes before it opens) late in the write
  ;(bad.calendars[0].sessions as Record<string, unknown>[])[0].closes_at = '2026-11-20T10:00:00Z'
  const before = await snapshot(sql)
  await t.rejects(loadBundle(sql, bad))
  t.same(await snapshot(sql), before)
})

t.test('the committed JSON Schema is the TypeBox schema', async (t) => {
  const committed = readFileSync(new URL('../../src/db/bundle/bundle.schema.json', import.meta.url), 'utf8')
  t.equal(committed, bundleJsonSchema(), 'run `npm run bundle-schema` after changing src/db/bundle/schema.ts')
})

t.test('npm run load prints each error with its JSON path and exits 1', async (t) => {
  const db = await createTestDatabase(t)
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'))
  const file = join(dir, 'bad.json')
  const bad = clone(readDemoBundle()) as Record<string, Record<string, unknown>[]>
  bad.indexes[0].value_format = 'basis points'
  writeFileSync(file, JSON.stringify(bad))
  const run = spawnSync(process.execPath, ['--import=tsx', 'src/db/load-cli.ts', file], {
    env: { ...process.env, DATABASE_URL: db.url },
    encoding: 'utf8',
    cwd: new URL('../..', import.meta.url).pathname,
  })
  t.equal(run.status, 1)
  t.match(
    run.stderr,
    /\$\.indexes\[0\]\.value_format: must be one of formula|\$\.indexes\[0\]\.value_format: must be one of decimal, percent/,
  )
  const good = join(dir, 'good.json')
  writeFileSync(good, JSON.stringify(readDemoBundle()))
  const ok = spawnSync(process.execPath, ['--import=tsx', 'src/db/load-cli.ts', good], {
    env: { ...process.env, DATABASE_URL: db.url },
    encoding: 'utf8',
    cwd: new URL('../..', import.meta.url).pathname,
  })
  t.equal(ok.status, 0, ok.stderr)
  t.match(ok.stdout, /loaded .*good\.json: .*assets/)
})

t.test('instrument terms are validated when loaded, with their JSON paths', async (t) => {
  const { sql } = await createTestDatabase(t)
  const bad = clone(readDemoBundle()) as {
    assets: { unique_identifier: string; pricing_details?: { instrument_dump: Record<string, unknown> } }[]
  }
  const at = (id: string) => bad.assets.findIndex((a) => a.unique_identifier === id)
  const ust = at('UST-4.25-2031-11-15')
  const muni = at('MUNI-4.5-2030-06-15-SINK')
  const frn = at('BANKCO-FRN-SOFR-2029-03-20')
  bad.assets[ust].pricing_details!.instrument_dump.coupon_rate = 'high'
  ;(bad.assets[muni].pricing_details!.instrument_dump.amortization as { notionals: number[] }).notionals.pop()
  bad.assets[frn].pricing_details!.instrument_dump.calendar = { name: 'Atlantis' }
  const before = await snapshot(sql)
  const error = (await loadBundle(sql, bad).catch((e: unknown) => e)) as BundleValidationError
  t.ok(error instanceof BundleValidationError)
  const byPath = Object.fromEntries(error.issues.map((i) => [i.path, i.message]))
  t.match(byPath[`$.assets[${ust}].pricing_details.instrument_dump.coupon_rate`], /must be number/)
  t.match(
    byPath[`$.assets[${muni}].pricing_details.instrument_dump.amortization.notionals`],
    /one notional per coupon period required \(10 periods, 9 notionals\)/,
  )
  t.match(byPath[`$.assets[${frn}].pricing_details.instrument_dump.calendar`], /unknown calendar 'Atlantis'/)
  t.same(await snapshot(sql), before)
})
