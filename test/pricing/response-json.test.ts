/**
 * A single pricer route's answer made by parts (the result serialized in the pricing thread by its response model's
 * result part, the envelope on the main thread: src/pricing/response-json.ts) is byte for byte what Fastify
 * serializes from the whole response model: on the results of every operation for oracle bonds and callables, and on
 * hand-made results at the edges (escapes, extreme numbers, fields the model does not have, optional fields absent);
 * and a single route asks for it, where frames and curve-preview, which compose their answers, do not.
 */
import t, { type Test } from 'tap'
import fastJsonStringify from 'fast-json-stringify'
import { loadFixture } from '../helpers/fixtures.ts'
import { taskFor, type OracleCase, type PoolCurve } from '../operations/oracle-cases.ts'
import { runTask } from '../../workers/pool-dispatch.ts'
import { resultJson } from '../../workers/result-json.ts'
import { RESPONSES, resultSchema, type ResponseOperation } from '../../src/contracts/pricing-responses.ts'
import { responseJson } from '../../src/pricing/response-json.ts'
import type { OperationName } from '../../src/contracts/pricing.ts'
import { build } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'

const whole = new Map<string, (data: object) => string>()
const fastify = (op: ResponseOperation): ((data: object) => string) => {
  const known = whole.get(op)
  if (known) return known
  const serialize = fastJsonStringify(RESPONSES[op])
  whole.set(op, serialize)
  return serialize
}

const envelopeOf = (assetUid: string, type: string, op: string) => ({
  asset_uid: assetUid,
  instrument_type: type,
  operation: op,
  valuation_date: '2026-11-20T00:00:00.000Z',
  market_data_set: 'demo',
})

/**
 * The parts' bytes against the whole model's, for one result (a worker's result never has an envelope field:
 * src/contracts/pricing.ts).
 */
function same(
  t: Test,
  op: ResponseOperation,
  envelope: ReturnType<typeof envelopeOf>,
  result: Record<string, unknown>,
  label: string,
): void {
  const byParts = responseJson({ envelope, json: resultJson(op, result) })
  const byModel = fastify(op)({ ...envelope, ...result })
  if (byParts !== byModel) t.equal(byParts, byModel, label)
  compared++
}
let compared = 0

const OPS: [OperationName & ResponseOperation, Record<string, unknown>][] = [
  ['price', {}],
  ['analytics', {}],
  ['duration', {}],
  ['duration', { duration_type: 'Effective' }],
  ['duration', { duration_type: 'KeyRate' }],
  ['yield', {}],
  ['z-spread', { target_dirty_ccy: 100 }],
  ['cashflows', { include_paid: true }],
  ['net-cashflows', {}],
  ['carry-roll-down', { horizon_days: 30 }],
  ['fixings-availability', {}],
]

t.test('results of every operation on oracle bonds and callables: the same bytes as the whole model', async (t) => {
  for (const name of ['bonds', 'callable']) {
    const fixture = loadFixture<OracleCase>(name) as ReturnType<typeof loadFixture<OracleCase>> & {
      curves: PoolCurve[]
    }
    const kinds = new Map<string, number>()
    for (const c of fixture.cases) {
      // the first 25 cases of each class that price
      if (c.error || (kinds.get(c.kind) ?? 0) >= 25) continue
      kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1)
      for (const [op, parameters] of OPS) {
        const reply = runTask(taskFor(c, fixture.curves, op, parameters))
        if (!reply.ok) continue
        same(
          t,
          op,
          envelopeOf(`${name}-${c.kind}`, c.kind, op),
          reply.result,
          `${name} ${c.kind} ${op} ${JSON.stringify(parameters)}`,
        )
      }
    }
    t.ok(kinds.size >= (name === 'bonds' ? 5 : 1), `${name}: ${[...kinds.keys()].join(', ')}`)
  }
  t.ok(compared > 1000, `${compared} results compared`)
})

t.test('results at the edges: the same bytes as the whole model', async (t) => {
  const numbers = [
    0,
    -0,
    1,
    -1.5,
    0.1 + 0.2,
    1e21,
    1e-7,
    5e-324,
    Number.MAX_VALUE,
    -Number.MIN_VALUE,
    2 ** 53 + 2,
    123456789.123456789,
  ]
  const strings = [
    'plain',
    'quote " and \\ backslash',
    'line\nbreak\ttab\u0001',
    'unicode é ü 漢字 \u2028 \ud83d\ude00',
    '',
  ]
  const cases: [ResponseOperation, Record<string, unknown>][] = []
  for (const x of numbers) {
    cases.push(['price', { price: x, units: 'npv' }])
    cases.push([
      'analytics',
      { analytics: { clean_price: x, dirty_price: -x, accrued_amount: x / 3, yield: x * 7, extra_figure: x } },
    ])
    cases.push(['z-spread', { target_dirty_ccy: x, z_spread: x / 100, units: 'decimal' }])
    cases.push(['z-spread', { target_dirty_ccy: x, z_spread: x / 100, units: 'decimal', oas: -x }])
    cases.push([
      'duration',
      {
        duration_type: 'KeyRate',
        duration: x,
        key_rate_durations: [
          { tenor: '1Y', duration: x },
          { tenor: '2Y', duration: -x },
        ],
      },
    ])
    cases.push(['carry-roll-down', { horizon_days: 30, metrics: { p0: x, 'odd "key"': -x } }])
  }
  // fields the model does not have are dropped by both; optional ones absent are absent from both
  cases.push(['price', { price: 1, units: 'npv', diagnostics: { engine: 'x' }, unknown_field: 2 }])
  // a record of numbers goes to JSON.stringify only where that writes the model's bytes (workers/result-json.ts): keys
  // out of the declared order, a value not a number, a field beside the record, integer-like keys, infinities
  cases.push(['analytics', { analytics: { dirty_price: 101, clean_price: 100, accrued_amount: 1, yield: 0.05 } }])
  cases.push([
    'analytics',
    { analytics: { clean_price: 100, dirty_price: 101, accrued_amount: 1, note: '5', flag: true, yield: 0.05 } },
  ])
  cases.push([
    'analytics',
    { analytics: { clean_price: 100, dirty_price: 101, accrued_amount: 1 }, diagnostics: { engine: 'x' } },
  ])
  cases.push([
    'analytics',
    { analytics: { clean_price: 100, dirty_price: 101, accrued_amount: 1, 7: 2, '10': 3, yield: 0.05 } },
  ])
  cases.push([
    'analytics',
    { analytics: { clean_price: Infinity, dirty_price: -Infinity, accrued_amount: 1, dv01: Infinity } },
  ])
  cases.push([
    'analytics',
    {
      analytics: Object.assign(Object.create({ inherited: 1 }) as object, {
        clean_price: 1,
        dirty_price: 2,
        accrued_amount: 3,
      }),
    },
  ])
  cases.push(['net-cashflows', { cashflows: [] }])
  cases.push(['cashflows', { legs: {} }])
  cases.push([
    'cashflows',
    {
      legs: {
        fixed: [{ payment_date: '2027-01-01', rate: 0.05, amount: 2.5, extra: 'kept' }],
        other_leg: [{ payment_date: '2027-01-01', amount: 1 }],
      },
    },
  ])
  cases.push(['fixings-availability', { status: 'not_required', fixings: [] }])
  cases.push(['curve-preview', { curves: [], diagnostics: { pricing_engine_id: 'DiscountingBondEngine' } }])
  for (const s of strings) {
    for (const [op, result] of cases.slice(0, 12))
      same(t, op, envelopeOf(s, s, op), result, `${op} ${JSON.stringify(s)} ${JSON.stringify(result)}`)
  }
  for (const [op, result] of cases)
    same(t, op, envelopeOf('uid', 'FixedRateBond', op), result, `${op} ${JSON.stringify(result)}`)
  t.pass(`${compared} results compared in all`)
})

t.test('the result part is the response model less its envelope, in the model order', async (t) => {
  for (const op of Object.keys(RESPONSES) as ResponseOperation[]) {
    const model = Object.keys(RESPONSES[op].properties)
    const part = Object.keys(resultSchema(op).properties)
    t.same(
      model.slice(0, 5),
      ['asset_uid', 'instrument_type', 'operation', 'valuation_date', 'market_data_set'],
      `${op}: the envelope first`,
    )
    t.same(part, model.slice(5), `${op}: the rest, in order`)
    t.same(
      resultSchema(op).required ?? [],
      (RESPONSES[op].required ?? []).filter((k: string) => !model.slice(0, 5).includes(k)),
      `${op}: the same required fields`,
    )
  }
})

t.test('a result the model refuses fails in the thread that serializes it, as Fastify would fail', async (t) => {
  t.throws(() => resultJson('price', { units: 'npv' }), 'a required field missing')
  t.throws(
    () => resultJson('analytics', { analytics: { clean_price: 1, dirty_price: 2 } }),
    'a declared figure missing from a record of numbers',
  )
  t.throws(() =>
    fastify('analytics')({ ...envelopeOf('u', 't', 'analytics'), analytics: { clean_price: 1, dirty_price: 2 } }),
  )
  t.throws(
    () => resultJson('analytics', { analytics: { clean_price: 1, dirty_price: 2, accrued_amount: Number.NaN } }),
    'NaN in a record of numbers',
  )
  t.throws(() =>
    fastify('analytics')({
      ...envelopeOf('u', 't', 'analytics'),
      analytics: { clean_price: 1, dirty_price: 2, accrued_amount: Number.NaN },
    }),
  )
  t.throws(() => fastify('price')({ ...envelopeOf('u', 't', 'price'), units: 'npv' }))
  t.throws(() => resultJson('prewarm', {}), /no response model/)
})

t.test(
  'a single route asks the pricing thread for JSON text and answers it with the envelope; frames and curve-preview ' +
    'keep data',
  async (t) => {
    const { app } = await build(t, { bundle: 'demo' })
    const demo = readDemoBundle() as { assets: { uid: string; unique_identifier: string }[] }
    const uid = demo.assets.find((a) => a.unique_identifier === 'UST-4.25-2031-11-15')!.uid
    const asked: { operation: string; json: boolean }[] = []
    const run = app.pricerBatches.run.bind(app.pricerBatches)
    app.pricerBatches.run = (task: unknown) => {
      const { operation, reply_json: json } = task as { operation: string; reply_json?: boolean }
      asked.push({ operation, json: json === true })
      return run(task)
    }
    const payload = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }
    const post = (path: string) => app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${uid}/${path}`, payload })
    const analytics = await post('analytics/')
    t.equal(analytics.statusCode, 200, analytics.body)
    t.equal(analytics.headers['content-type'], 'application/json; charset=utf-8')
    const body = JSON.parse(analytics.body) as Record<string, unknown>
    t.same(
      Object.keys(body),
      ['asset_uid', 'instrument_type', 'operation', 'valuation_date', 'market_data_set', 'analytics'],
      'the envelope, then the result',
    )
    t.equal(body.asset_uid, uid)
    t.type((body.analytics as Record<string, unknown>).clean_price, 'number')
    t.equal((await post('curve-preview/')).statusCode, 200)
    t.equal((await post('cashflows/frame/')).statusCode, 200)
    t.same(asked, [
      { operation: 'analytics', json: true },
      { operation: 'curve-preview', json: false },
      { operation: 'cashflows', json: false },
    ])
  },
)
