/**
 * Pricing isolation (issue 12): a request that overruns its time limit, crashes its worker or exhausts the
 * worker's memory fails alone, with a status that names the limit; its batch neighbours are answered, its
 * worker is replaced and the next request prices. Pathological terms are refused at load.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, body } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { BundleValidationError, validateBundle } from '../../src/db/bundle/validate.ts'
import { TERMS_LIMITS } from '../../workers/operations/terms-limits.ts'
import { pathologicalCallable } from '../../bench/isolation/pathological.ts'
import { curve, TODAY, terms as benchTerms } from '../../bench/core/cases.ts'
import { rebuildFixedRateBond } from '../../workers/operations/rebuild-instrument.ts'
import { callableFixedRateBond } from '../../workers/quant/instruments/bonds/callable-fixed-rate-bond.ts'
import {
  callableTreeNodes,
  treeCallableBondEngine,
} from '../../workers/quant/engines/callable/tree-callable-bond-engine.ts'
import { callabilityFromTerms } from '../../workers/operations/callable.ts'
import { QuantInputError } from '../../workers/quant/errors.ts'

const demo = readDemoBundle() as { assets: { uid: string; unique_identifier: string }[] }
const uid = (id: string) => demo.assets.find((a) => a.unique_identifier === id)!.uid
const CHEAP = [
  'UST-4.25-2031-11-15',
  'DBR-2.5-2035-02-15',
  'BANKCO-FRN-SOFR-2029-03-20',
  'MUNI-4.5-2030-06-15-SINK',
].map(uid)
const STRIP = uid('UST-STRIP-2036-02-15')
const request = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }
const faulty = new URL('../helpers/faulty-pool-entry.mjs', import.meta.url)

const price = (app: FastifyInstance, asset: string, operation = 'price', parameters?: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${asset}/${operation}/`,
    payload: { ...request, ...(parameters ? { parameters } : {}) },
  })

/** The fault's asset and the cheap ones in one event-loop turn: with one thread they share a batch. */
async function together(app: FastifyInstance, culprit: string) {
  const [bad, ...neighbours] = await Promise.all([price(app, culprit), ...CHEAP.map((a) => price(app, a))])
  return { bad, neighbours }
}

/** Counts the pool's replaced workers. */
function destroyed(app: FastifyInstance): () => number {
  let n = 0
  app.pricer.on('workerDestroy', () => n++)
  return () => n
}

// one app for every fault (an app and its threads take seconds to start on a busy machine): the faulty entry
// crashes on one asset, blocks on another and fills its heap on a third; every other task prices normally
const FAULTS = {
  FAULT_SLOW_ASSET: STRIP,
  FAULT_SLOW_MS: '2500',
  FAULT_CRASH_ASSET: uid('BUBILL-ZERO-2030-05-29'),
  FAULT_OOM_ASSET: uid('EUROLEASE-3.0-2029-03-20-AMORT'),
}
Object.assign(process.env, FAULTS)
t.teardown(() => {
  for (const key of Object.keys(FAULTS)) delete process.env[key]
})
const { app, db } = await build(t, {
  bundle: 'demo',
  pricerWorkerUrl: faulty,
  env: { PRICER_THREADS: '1', PRICER_HEAVY_THREADS: '1', PRICER_WORKER_MAX_MEMORY_MB: '64' },
})
// the time limit the tests below shorten for a moment, and restore (the helper's own, far from any answer's time)
const LIMIT_MS = app.config.pricerTaskTimeoutMs

t.test(
  'a request over its time limit fails alone with 504; its neighbours are answered; its worker is replaced',
  async (t) => {
    t.equal((await price(app, CHEAP[0])).statusCode, 200, 'warm: the thread is up')
    const ended = destroyed(app)
    app.config.pricerTaskTimeoutMs = 300
    t.teardown(() => {
      app.config.pricerTaskTimeoutMs = LIMIT_MS
    })
    const { bad, neighbours } = await together(app, STRIP)
    t.equal(bad.statusCode, 504, bad.body)
    t.match(body(bad).detail, /PRICER_TASK_TIMEOUT_MS = 300 ms/, 'the detail names the limit')
    t.same(
      neighbours.map((r) => r.statusCode),
      CHEAP.map(() => 200),
      'every neighbour is answered',
    )
    t.ok(neighbours.every((r) => typeof body(r).price === 'number'))
    t.ok(ended() >= 1, 'the overrunning worker was terminated')
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
    t.match(metrics, /pricing_isolated_requests_total\{outcome="timeout"\} 1\n/, '/metrics counts the timeout')
    t.match(metrics, /pricing_isolated_requests_total\{outcome="repriced"\} [1-9]/, 'and the neighbours priced again')
    app.config.pricerTaskTimeoutMs = LIMIT_MS
    t.equal((await price(app, CHEAP[1])).statusCode, 200, 'a new worker prices the next request')
  },
)

t.test('a worker crash fails only the request it was running', async (t) => {
  const ended = destroyed(app)
  const { bad, neighbours } = await together(app, FAULTS.FAULT_CRASH_ASSET)
  t.equal(bad.statusCode, 500)
  t.same(Object.keys(body(bad)), ['detail'])
  t.notMatch(bad.body, /exit|code 7|\.ts/, 'the cause stays in the log')
  t.same(
    neighbours.map((r) => r.statusCode),
    CHEAP.map(() => 200),
    'every neighbour is answered',
  )
  t.ok(ended() >= 1, 'the crashed worker is gone')
  t.equal((await price(app, CHEAP[2])).statusCode, 200, 'a new worker prices the next request')
})

t.test('a worker out of memory answers 503 naming the limit; its neighbours are answered', async (t) => {
  const { bad, neighbours } = await together(app, FAULTS.FAULT_OOM_ASSET)
  t.equal(bad.statusCode, 503, bad.body)
  t.match(body(bad).detail, /PRICER_WORKER_MAX_MEMORY_MB/)
  t.same(
    neighbours.map((r) => r.statusCode),
    CHEAP.map(() => 200),
    'every neighbour is answered',
  )
  t.equal((await price(app, CHEAP[3])).statusCode, 200, 'a new worker prices the next request')
})

t.test(
  'a pathological callable within the limits runs on its own lane: cheap requests beside it are answered',
  async (t) => {
    const heavy = pathologicalCallable(TERMS_LIMITS.callDates)
    await loadBundle(db.sql, { assets: [heavy] })
    const slow = await price(app, heavy.uid)
    t.equal(
      slow.statusCode,
      200,
      `a callable with ${TERMS_LIMITS.callDates} daily calls prices: ${slow.body.slice(0, 200)}`,
    )
    t.ok(app.pricerHeavy && app.pricerHeavy.threads.length === 1, 'on the heavy lane')

    app.config.pricerTaskTimeoutMs = 150
    t.teardown(() => {
      app.config.pricerTaskTimeoutMs = LIMIT_MS
    })
    // key-rate durations fit its tree again for each of 22 bumped curves (~30 ms each): far over 150 ms, where its
    // OAS (one fit and a few rollbacks) now comes close to it
    const keyRates = price(app, heavy.uid, 'duration', { duration_type: 'KeyRate' })
    const cheap = await Promise.all(CHEAP.flatMap((a) => [price(app, a), price(app, a)]))
    t.same(
      cheap.map((r) => r.statusCode),
      cheap.map(() => 200),
      'cheap requests in flight beside it are answered',
    )
    const timedOut = await keyRates
    t.equal(timedOut.statusCode, 504, timedOut.body)
    t.match(body(timedOut).detail, /PRICER_TASK_TIMEOUT_MS/)
    app.config.pricerTaskTimeoutMs = LIMIT_MS
    t.equal((await price(app, heavy.uid)).statusCode, 200, 'the heavy lane has a new worker')
  },
)

t.test('the loader refuses terms beyond the documented sizes', async (t) => {
  const refused = async (asset: unknown) => {
    try {
      await validateBundle({ assets: [asset] }, null)
      return []
    } catch (error) {
      if (!(error instanceof BundleValidationError)) throw error
      // checked without a database: the demo's benchmark index is not in this bundle
      return error.issues.filter((i) => !i.message.startsWith('refers to'))
    }
  }
  // the issue's instrument: 10,711 daily call dates
  const calls = await refused(pathologicalCallable(10_711))
  t.match(calls, [
    {
      path: '$.assets[0].pricing_details.instrument_dump.callability',
      message: /10711 call dates, over the limit of 1000/,
    },
  ])
  t.same(await refused(pathologicalCallable(TERMS_LIMITS.callDates)), [], 'at the limit it loads')

  const daily = pathologicalCallable(2)
  Object.assign(daily.pricing_details.instrument_dump, { coupon_frequency: '1W', maturity_date: '2050-01-01' })
  t.match(await refused(daily), [
    {
      path: '$.assets[0].pricing_details.instrument_dump.coupon_frequency',
      message: /coupon periods, over the limit of 1200/,
    },
  ])
})

t.test('a callable tree beyond its node limit is refused before it is built', async (t) => {
  const terms = benchTerms.callable
  const bond = callableFixedRateBond(
    rebuildFixedRateBond('CallableFixedRateBond', terms),
    callabilityFromTerms(terms),
    terms.face_value,
  )
  const nodes = callableTreeNodes(bond, curve, TODAY)
  t.ok(nodes > 100, `the bench callable's tree has ${nodes} nodes`)
  t.equal(
    treeCallableBondEngine(bond, curve, TODAY, { maxNodes: nodes }).npv,
    treeCallableBondEngine(bond, curve, TODAY).npv,
    'at the limit it prices as without one',
  )
  t.throws(
    () => treeCallableBondEngine(bond, curve, TODAY, { maxNodes: nodes - 1 }),
    new QuantInputError(`the Hull-White tree would need ${nodes} nodes, over the limit of ${nodes - 1}`, 'tree'),
  )
})
