/**
 * Writing market data over HTTP: a curve observation and fixings published through one instance change `price` on a
 * second one; observations are immutable (the same again 200, other content 409); fixings corrections are answered
 * and audited; the bundle route refuses what `npm run load -- --check` refuses, with the same messages, and its dry
 * run writes nothing; every write is in the audit trail with its subject.
 */
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, buildInstance, body } from '../helpers/app.ts'
import { waitFor } from '../helpers/wait.ts'
import { createKey } from '../../src/auth/api-keys.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { DEMO } from '../../src/db/demo/demo-ids.ts'

const LOAD = fileURLToPath(new URL('../../src/db/load-cli.ts', import.meta.url))
const DAY = '2026-11-23T00:00:00Z'

t.test('published curves and fixings are priced at once by another instance', async (t) => {
  const env = { AUTH_MODE: 'api-keys' }
  const { app, db } = await build(t, { bundle: 'demo', env })
  const other = await buildInstance(t, db, { env })
  const feed = { authorization: `Bearer ${(await createKey(db.sql, 'feed', ['write'])).key}` }
  const desk = { authorization: `Bearer ${(await createKey(db.sql, 'desk', ['read'])).key}` }
  const admin = { authorization: `Bearer ${(await createKey(db.sql, 'ops', ['admin'])).key}` }
  const price = async (uid: string) => {
    const res = await other.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${uid}/price/`,
      headers: desk,
      payload: { valuation_date: DAY, market_data_set: 'default' },
    })
    t.equal(res.statusCode, 200, res.body)
    return body<{ price: number }>(res).price
  }

  const before = await price(DEMO.assets.ust)
  const nodes = [30, 365, 1826, 3652, 10957].map((d) => ({ days_to_maturity: d, zero: 0.05 }))
  const publish = (payload: object, headers = feed) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/pricing/curves/${DEMO.curves.ust}/observations/`,
      headers,
      payload: { market_data_set: 'default', time_index: DAY, ...payload },
    })
  t.equal((await publish({ nodes }, desk)).statusCode, 403, 'a read key cannot publish')
  const created = await publish({ nodes })
  t.equal(created.statusCode, 201, created.body)
  t.match(body(created), { status: 'created', curve_identifier: 'USD-UST-ZERO', nodes_count: 5 })
  let after = before
  t.ok(await waitFor(async () => (after = await price(DEMO.assets.ust)) !== before), 'the other instance reprices')
  t.ok(after < before, `a 5% curve lowers the Treasury: ${before} → ${after}`)
  const again = await publish({ nodes: [...nodes].reverse() })
  t.equal(again.statusCode, 200, 'the same observation again')
  t.match(body(again), { status: 'unchanged' })
  const changed = await publish({ nodes: nodes.map((n) => ({ ...n, zero: 0.051 })) })
  t.equal(changed.statusCode, 409)
  t.match(body<{ detail: string }>(changed).detail, /immutable/)
  const bad = await publish({ time_index: '2026-11-24T00:00:00Z', nodes: [{ days_to_maturity: 30, zero: 5 }] })
  t.equal(bad.statusCode, 422, "the loader's checks")
  t.match(body<{ detail: string }>(bad).detail, /above 100%|percentage/)

  const frn = await price(DEMO.assets.sofrFrn)
  const fixings = (rate: number) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/index/${DEMO.indexes.sofr}/fixings/`,
      headers: feed,
      payload: { market_data_set: 'default', fixings: [{ date: '2026-11-23', rate }] },
    })
  const first = await fixings(0.09)
  t.equal(first.statusCode, 200, first.body)
  t.match(body(first), { written_count: 1, corrected_count: 0, index_identifier: 'USD-SOFR-1D' })
  t.ok(await waitFor(async () => (await price(DEMO.assets.sofrFrn)) !== frn), "the day's fixing moves the SOFR FRN")
  const correction = await fixings(0.0386)
  t.match(body(correction), { corrected_count: 1, corrected: [{ date: '2026-11-23', previous: 0.09, rate: 0.0386 }] })

  const audit = body<{ items: { subject: string; operation_id: string; status: number; touched: object }[] }>(
    await app.inject({ url: '/api/v1/audit/?limit=20', headers: admin }),
  ).items
  t.same(
    audit.map((e) => [e.subject, e.operation_id, e.status]),
    [
      ['feed', 'publishIndexFixings', 200],
      ['feed', 'publishIndexFixings', 200],
      ['feed', 'publishPricingCurveObservation', 422],
      ['feed', 'publishPricingCurveObservation', 409],
      ['feed', 'publishPricingCurveObservation', 200],
      ['feed', 'publishPricingCurveObservation', 201],
      ['desk', 'publishPricingCurveObservation', 403],
    ],
    'each write with its subject',
  )
  t.match(audit[0].touched, { counts: { corrected_count: 1, written_count: 1 } }, 'a correction is audited as such')
})

t.test("the bundle route refuses what the loader's check refuses, in the same words", async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const demo = readDemoBundle() as { assets: Record<string, unknown>[]; indexes: Record<string, unknown>[] }
  const bundles: Record<string, object> = {
    'no uid': { assets: [{ ...demo.assets[0], uid: undefined, unique_identifier: 'X-1' }] },
    'unknown field': { assets: [], colour: 'red' },
    'bad reference': {
      fixings: [{ data_node_uid: DEMO.nodes.fixings, index_identifier: 'NO-SUCH-INDEX', fixings: [] }],
    },
    'bad terms': {
      assets: [
        {
          ...demo.assets[0],
          uid: '5b6f0a52-0000-4000-8000-000000000001',
          unique_identifier: 'BAD-1',
          pricing_details: {
            ...(demo.assets[0].pricing_details as object),
            instrument_dump: {
              ...(demo.assets[0].pricing_details as { instrument_dump: object }).instrument_dump,
              coupon_rate: 'x',
            },
          },
        },
      ],
    },
  }
  const dir = mkdtempSync(join(tmpdir(), 'bundles-'))
  for (const [name, bundle] of Object.entries(bundles)) {
    const file = join(dir, `${name.replace(/\s/g, '-')}.json`)
    writeFileSync(file, JSON.stringify(bundle))
    const cli = spawnSync(process.execPath, ['--import=tsx', LOAD, '--check', file], {
      env: { ...process.env, DATABASE_URL: app.config.databaseUrl },
      encoding: 'utf8',
      timeout: 120_000,
    })
    t.not(cli.status, 0, `${name}: the loader refuses it`)
    for (const dryRun of [true, false]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/bundles/${dryRun ? '?dry_run=true' : ''}`,
        payload: bundle,
      })
      t.equal(res.statusCode, 422, `${name}: the route refuses it`)
      const detail = body<{ detail: string }>(res).detail
      t.ok(cli.stderr.includes(detail), `${name}: the same messages\n${detail}\n---\n${cli.stderr}`)
    }
  }
  const many = await app.inject({
    method: 'POST',
    url: '/api/v1/pricing/bundles/',
    payload: { fixings: Array.from({ length: 500 }, () => 1) },
  })
  t.equal(many.statusCode, 422)
  t.ok(many.body.length < 16_384, `a refusal of 500 bad rows is short: ${many.body.length} bytes`)
  t.match(body<{ detail: string }>(many).detail, /^the bundle has 500 errors:\n(.*\n){20} {2}… and 480 more$/)
  const category = {
    asset_categories: [{ uid: '5b6f0a52-0000-4000-8000-000000000002', unique_identifier: 'hy', display_name: 'HY' }],
  }
  const dry = await app.inject({ method: 'POST', url: '/api/v1/pricing/bundles/?dry_run=true', payload: category })
  t.equal(dry.statusCode, 200, dry.body)
  t.match(body(dry), { dry_run: true, written: { asset_categories: 1 } })
  t.equal(
    (await app.inject({ url: '/api/v1/asset-category/5b6f0a52-0000-4000-8000-000000000002/' })).statusCode,
    404,
    'a dry run writes nothing',
  )
  const wet = await app.inject({ method: 'POST', url: '/api/v1/pricing/bundles/', payload: category })
  t.match(body(wet), { dry_run: false })
  t.equal((await app.inject({ url: '/api/v1/asset-category/5b6f0a52-0000-4000-8000-000000000002/' })).statusCode, 200)
  const twice = await app.inject({ method: 'POST', url: '/api/v1/pricing/bundles/', payload: category })
  t.equal(twice.statusCode, 200, 'idempotent by uid')
})
