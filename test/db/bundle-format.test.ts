/**
 * A bundle users can write: the published JSON Schema describes instrument terms per class, the loader refuses
 * at load what pricing would refuse, warns about percentage-looking rates, and the CLI reports syntax errors
 * by line and column, checks without writing, and never prints a stack trace.
 */
import t from 'tap'
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { createTestDatabase } from '../helpers/database.ts'
import { build, body } from '../helpers/app.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { BundleValidationError, validateBundle, type BundleIssue } from '../../src/db/bundle/validate.ts'
import { validateInstrumentDump } from '../../src/db/bundle/instruments.ts'
import { BundleFileError, parseBundleText, readBundleFile } from '../../src/db/bundle/read-file.ts'
import { cliMessage } from '../../src/db/cli.ts'
import { INSTRUMENT_TERMS } from '../../src/contracts/instrument-terms.ts'
import { readDemoBundle } from '../../src/db/demo.ts'

const ROOT = new URL('../..', import.meta.url).pathname
const EXAMPLE_PATH = join(ROOT, 'examples/first-bundle.json')
const example = () => JSON.parse(readFileSync(EXAMPLE_PATH, 'utf8')) as Bundle
type Json = Record<string, unknown>
type Bundle = Json & {
  indexes: Json[]
  curves: Json[]
  market_data_sets: (Json & { curve_selections: Json[] })[]
  assets: (Json & { pricing_details: Json & { instrument_dump: Json } })[]
}

/** Every issue of a refused bundle, by path. */
async function refusal(bundle: unknown): Promise<Record<string, string>> {
  const error = await validateBundle(bundle, null).catch((e: unknown) => e)
  if (!(error instanceof BundleValidationError)) throw new Error('the bundle was accepted')
  return Object.fromEntries(error.issues.map((i) => [i.path, i.message]))
}

t.test('the published JSON Schema describes instrument_dump per instrument_type', async (t) => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'src/db/bundle/bundle.schema.json'), 'utf8')) as Json & {
    $defs: Record<string, Json & { description?: string; examples?: unknown[] }>
  }
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  ;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
  const validate = ajv.compile(schema)
  t.ok(validate(readDemoBundle()), JSON.stringify(validate.errors?.slice(0, 3)))
  t.ok(validate(example()), JSON.stringify(validate.errors?.slice(0, 3)))
  for (const cls of Object.keys(INSTRUMENT_TERMS)) {
    const terms = schema.$defs[`${cls}Terms`]
    t.ok(terms?.description && terms.examples?.length, `${cls}Terms is named, described and has an example`)
    for (const [name, property] of Object.entries(terms.properties as Record<string, Json>))
      t.ok(property.description || property.$ref, `${cls}.${name} is described`)
  }
  const typo = example()
  typo.assets[0].pricing_details.instrument_type = 'FixedRateBnd'
  t.notOk(validate(typo), 'a misspelt class is refused by the schema alone')
  const unknownTerm = example()
  unknownTerm.assets[0].pricing_details.instrument_dump.coupon = 0.03
  t.notOk(
    validate(unknownTerm),
    "a term the class does not have is refused (FixedRateBond's schema, not a free object)",
  )
})

t.test('every class example is valid terms for pricing', async (t) => {
  for (const [cls, schema] of Object.entries(INSTRUMENT_TERMS)) {
    for (const sample of (schema as unknown as { examples: Json[] }).examples)
      t.same(validateInstrumentDump(cls, sample), [], cls)
  }
})

t.test('the example bundle loads as it is and every operation prices both bonds', async (t) => {
  const { app } = await build(t, { bundle: example() })
  for (const asset of example().assets) {
    for (const op of [
      'price',
      'analytics',
      'duration',
      'yield',
      'cashflows',
      'net-cashflows',
      'curve-preview',
      'fixings-availability',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${String(asset.uid)}/${op}/`,
        payload: { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'example' },
      })
      t.equal(res.statusCode, 200, `${String(asset.unique_identifier)} ${op}: ${res.body.slice(0, 200)}`)
    }
  }
  const price = body<{ price: number }>(
    await app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${String(example().assets[0].uid)}/analytics/`,
      payload: { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'example' },
    }),
  )
  t.ok(price, 'priced')
})

t.test('the example bundle loads beside the demo', async (t) => {
  const { sql } = await createTestDatabase(t)
  await loadBundle(sql, readDemoBundle())
  const summary = await loadBundle(sql, example())
  t.same(summary.assets, 2)
})

t.test('the loader refuses what pricing would refuse', async (t) => {
  const conventions = example()
  const dump = (conventions.indexes[1].convention as Json).convention_dump as Json
  dump.calendar = { name: 'Atlantis' }
  dump.day_count = 'Actual/999'
  t.match(
    await refusal(conventions),
    {
      '$.indexes[1].convention.convention_dump.calendar': /unknown calendar 'Atlantis'/,
    },
    'an unknown calendar in index conventions',
  )
  const dayCount = example()
  ;((dayCount.indexes[1].convention as Json).convention_dump as Json).day_count = 'Actual/999'
  t.match(await refusal(dayCount), {
    '$.indexes[1].convention.convention_dump.day_count': /unknown day count 'Actual\/999'/,
  })

  const building = example()
  const details = building.curves[0].building_details as Json
  details.day_counter = 'Thirty/Sixty'
  t.match(
    await refusal(building),
    { '$.curves[0].building_details.day_counter': /unknown day count 'Thirty\/Sixty'/ },
    'an unknown day counter in curve building details',
  )
  const frequency = example()
  ;(frequency.curves[0].building_details as Json).frequency = 'Fortnightly'
  t.match(await refusal(frequency), { '$.curves[0].building_details.frequency': /unknown frequency 'Fortnightly'/ })

  const selector = example()
  selector.market_data_sets[0].curve_selections[2].selector_key = 'EXAMPLE-EURIBOR-6M'
  t.match(
    await refusal(selector),
    { '$.market_data_sets[0].curve_selections[2].selector_key': /refers to indexes\.uid 'EXAMPLE-EURIBOR-6M'/ },
    'a selector key that names no index (an identifier instead of a uid)',
  )

  const typo = example()
  typo.assets[1].pricing_details.instrument_type = 'FloatingRateNote'
  t.match(
    await refusal(typo),
    {
      '$.assets[1].pricing_details.instrument_type':
        /'FloatingRateNote' is not an instrument class of the pricer .*unpriced: true/,
    },
    'an instrument type outside the registry',
  )

  const noConventions = example()
  delete noConventions.indexes[1].convention
  t.match(
    await refusal(noConventions),
    { '$.assets[1].pricing_details.instrument_dump.floating_rate_index_uid': /an index with conventions/ },
    'a floater whose index has no conventions',
  )

  const terms = example()
  terms.assets[0].pricing_details.instrument_dump.calendar = { name: 'Narnia' }
  terms.assets[1].pricing_details.instrument_dump.coupon_frequency = 'often'
  const both = await refusal(terms)
  t.match(
    both,
    {
      '$.assets[0].pricing_details.instrument_dump.calendar': /unknown calendar 'Narnia'/,
      '$.assets[1].pricing_details.instrument_dump.coupon_frequency': /pattern/,
    },
    'schema and pricing errors in one run',
  )

  const unpriced = example()
  unpriced.assets.push({
    uid: '9d7a6c1e-2b1f-4f6e-8a59-1d0c2b3a4f5e',
    unique_identifier: 'SWAP-1',
    pricing_details: {
      instrument_type: 'VanillaSwap',
      unpriced: true,
      pricing_details_date: '2026-11-20T00:00:00Z',
      instrument_dump: { notional: 1 },
    },
  })
  const accepted = await validateBundle(unpriced, null)
  t.equal(accepted.bundle.assets?.length, 3, 'an unregistered type marked unpriced loads')
})

t.test('a coupon rate above 1 warns, and still loads', async (t) => {
  const { sql } = await createTestDatabase(t)
  const percent = example()
  percent.assets[0].pricing_details.instrument_dump.coupon_rate = 2.75
  const warnings: BundleIssue[] = []
  await loadBundle(sql, percent, { onWarning: (w) => warnings.push(w) })
  t.same(warnings, [
    {
      path: '$.assets[0].pricing_details.instrument_dump.coupon_rate',
      message: '2.75 looks like a percentage: rates are decimals (0.0425 is 4.25%)',
    },
  ])
  const none: BundleIssue[] = []
  await loadBundle(sql, example(), { onWarning: (w) => none.push(w) })
  t.same(none, [])
})

t.test('JSON syntax errors name line and column', async (t) => {
  const text = '{\n  "indexes": [\n    { "uid": "x" "display_name": "y" }\n  ]\n}\n'
  t.throws(() => parseBundleText(text, 'b.json'), /^b\.json:3:18: JSON syntax error: comma expected/m)
  t.throws(() => parseBundleText('{"a": [1, 2}', 'c.json'), /c\.json:1:12: JSON syntax error/)
  t.throws(() => parseBundleText('', 'd.json'), /d\.json:1:1: JSON syntax error/)
})

const cli = (args: string[], databaseUrl: string) =>
  spawnSync(process.execPath, ['--import=tsx', 'src/db/load-cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    cwd: ROOT,
  })

t.test('npm run load: --check writes nothing, errors are one line each, never a stack trace', async (t) => {
  const db = await createTestDatabase(t)
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'))
  const assets = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from assets`)[0].n

  const check = cli(['--check', EXAMPLE_PATH], db.url)
  t.equal(check.status, 0, check.stderr)
  t.match(check.stdout, /first-bundle\.json is valid: .*2 assets.*nothing written/)
  t.equal(await assets(), 0, '--check wrote nothing')

  const broken = join(dir, 'broken.json')
  writeFileSync(broken, readFileSync(EXAMPLE_PATH, 'utf8').replace('"coupon_rate": 0.0275,', '"coupon_rate": 0.0275'))
  const syntax = cli([broken], db.url)
  t.equal(syntax.status, 1)
  t.match(syntax.stderr, /broken\.json:\d+:\d+: JSON syntax error: comma expected/)
  t.notMatch(syntax.stderr, /\n\s+at /, 'no stack trace')

  const unreachable = cli([EXAMPLE_PATH], 'postgres://postgres@127.0.0.1:1/none')
  t.equal(unreachable.status, 1)
  t.notMatch(unreachable.stderr, /\n\s+at /, 'no stack trace when the database is down')
  t.equal(unreachable.stderr.trim().split('\n').length, 1, unreachable.stderr)

  const percent = join(dir, 'percent.json')
  const p = example()
  p.assets[0].pricing_details.instrument_dump.coupon_rate = 2.75
  writeFileSync(percent, JSON.stringify(p))
  const load = cli([percent], db.url)
  t.equal(load.status, 0, load.stderr)
  t.match(
    load.stderr,
    /warning: \$\.assets\[0\]\.pricing_details\.instrument_dump\.coupon_rate: 2\.75 looks like a percentage/,
    'a warning, and the load goes on',
  )
  t.equal(await assets(), 2)
})

t.test('the CLI names a missing file and its usage in one line', async (t) => {
  t.throws(() => readBundleFile('/nonexistent/nope.json'), {
    name: 'BundleFileError',
    message: 'cannot read /nonexistent/nope.json: no such file',
  })
  t.equal(
    cliMessage(new BundleFileError('cannot read x: no such file')),
    'BundleFileError: cannot read x: no such file',
  )
  const refused = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' })
  t.equal(cliMessage(refused), 'AggregateError: ECONNREFUSED', 'a refused connection says so, without a stack')
  t.equal(
    cliMessage(new Error('usage: npm run load -- [--check] FILE.json')),
    'error: usage: npm run load -- [--check] FILE.json',
  )
})
