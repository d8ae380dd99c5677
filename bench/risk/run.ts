/**
 * `npm run bench -- risk`: historical VaR of a book of N distinct bonds (default 10,000, the scale data set's mix of
 * the six classes, bench/scale/bonds.ts) under S historical scenarios (default 250) by full revaluation, N × S
 * valuations, in one run:
 * - in place: one process answers POST /pricing/var/ itself (its pool of PRICER_THREADS threads);
 * - as a job on one process: the same request queued (RISK_ASYNC_VALUATIONS below it), the API's own pricing worker
 *   taking the parts;
 * - as a job with W extra `npm run pricing-worker` processes (default 2) beside the API, all taking parts.
 * The three answers must be equal (the bench fails otherwise). The book and a year of curve history (weekdays before
 * the demo's own history, deterministic moves of the demo curves) are built once in their own database.
 *
 *   npm run bench -- risk [--bonds 10000] [--scenarios 250] [--workers 2]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createSql, ensureDatabase, type Sql } from '../../src/db/client.ts'
import { encodeCurve, encodeInflationCurve } from '../../src/db/curve-payload.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { migrate } from '../../src/db/migrate.ts'
import { loadDemoIfEmpty, readDemoBundle } from '../../src/db/demo.ts'
import { demoBondTemplates, scaleBond } from '../scale/bonds.ts'

const { values: args } = parseArgs({
  options: {
    bonds: { type: 'string', default: '10000' },
    scenarios: { type: 'string', default: '250' },
    workers: { type: 'string', default: '2' },
  },
})
const N = Number(args.bonds)
const S = Number(args.scenarios)
const W = Number(args.workers)
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fixed_income_risk_bench'
const VALUATION = '2026-11-20T00:00:00Z'
const CLI = fileURLToPath(new URL('../../src/risk/pricing-worker-cli.ts', import.meta.url))

/** The book: the first N scale bonds, loaded through the loader once. */
async function book(sql: Sql): Promise<string[]> {
  const templates = demoBondTemplates()
  const bonds = Array.from({ length: N }, (_, i) => scaleBond(templates, i))
  const ids = bonds.map((b) => b.unique_identifier)
  const known = await sql<{ uid: string; id: string }[]>`
    select uid::text, unique_identifier as id from assets where unique_identifier = any(${ids})`
  if (known.length < N) {
    console.log(`loading ${N} bonds through the loader…`)
    for (let i = 0; i < N; i += 2000) await loadBundle(sql, { assets: bonds.slice(i, i + 2000) })
  }
  const rows = await sql<{ uid: string; id: string }[]>`
    select uid::text, unique_identifier as id from assets where unique_identifier = any(${ids})`
  const byId = new Map(rows.map((r) => [r.id, r.uid]))
  return ids.map((id) => byId.get(id)!)
}

/** Weekday observations of every demo curve before its own history: a year more, moved a little each day. */
async function history(sql: Sql): Promise<void> {
  const demo = readDemoBundle() as {
    curve_observations: {
      data_node_uid: string
      curve_identifier: string
      time_index: string
      nodes: { days_to_maturity?: number; zero?: number; date?: string; rate?: number }[]
      lag?: string
      day_counter?: string
    }[]
  }
  const first = demo.curve_observations.map((o) => o.time_index).sort()[0]
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from discount_curve_observations where time_index < ${first}::timestamptz`
  if (n > 0) return
  console.log('writing a year of curve history…')
  const seeds = demo.curve_observations.filter((o) => o.time_index === first)
  const days: string[] = []
  for (let d = Date.parse('2025-08-01'); d < Date.parse(first); d += 86_400_000) {
    const w = new Date(d).getUTCDay()
    if (w !== 0 && w !== 6) days.push(new Date(d).toISOString().slice(0, 10))
  }
  const rows = seeds.flatMap((o, c) =>
    days.map((day, k) => {
      const move = 0.002 * Math.sin(k / 17 + c) + 0.0006 * Math.sin(k * 1.9 + 2 * c)
      const payload = o.lag
        ? encodeInflationCurve({
            lag: o.lag,
            day_counter: o.day_counter!,
            nodes: o.nodes.map((x, i) => ({
              // the base month: the observation's month less the 3-month lag
              date:
                i === 0
                  ? new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 4, 1))
                      .toISOString()
                      .slice(0, 10)
                  : x.date!,
              rate: x.rate! + move / 2,
            })),
          })
        : encodeCurve(o.nodes.map((x) => ({ days_to_maturity: x.days_to_maturity!, zero: x.zero! + move })))
      return {
        data_node_uid: o.data_node_uid,
        curve_identifier: o.curve_identifier,
        time_index: `${day}T00:00:00Z`,
        curve: payload,
      }
    }),
  )
  for (let i = 0; i < rows.length; i += 5000)
    await sql`insert into discount_curve_observations ${sql(rows.slice(i, i + 5000))}`
}

function pricingWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import=tsx', CLI], {
    env: { ...process.env, DATABASE_URL, LOG_LEVEL: 'warn', LOAD_DEMO_DATA: 'false', PRICER_TASK_TIMEOUT_MS: '120000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return child
}

await ensureDatabase(DATABASE_URL)
const sql = createSql(DATABASE_URL, { max: 10 })
await migrate(sql)
await loadDemoIfEmpty(sql)
const uids = await book(sql)
await history(sql)

const config = loadConfig({
  ...process.env,
  DATABASE_URL,
  LOG_LEVEL: 'warn',
  PRICER_TASK_TIMEOUT_MS: '120000',
  PRICER_QUEUE_TIMEOUT_MS: '120000',
  PRICING_PREWARM_BOOK: 'false',
  PRICING_WORKER_IN_PROCESS: 'true',
  RISK_ASYNC_VALUATIONS: '0',
})
const app = await buildApp({ config, sql, ownsSql: false })
const body = {
  valuation_date: VALUATION,
  market_data_set: 'default',
  target: { asset_uids: uids },
  lookback_days: S,
  confidence: [0.95, 0.99],
}

interface VarAnswer {
  pnl: number[]
  var: { var: number }[]
  items: { status: number }[]
}

async function inPlace(): Promise<{ seconds: number; answer: VarAnswer }> {
  const t0 = performance.now()
  const res = await app.inject({ method: 'POST', url: '/api/v1/pricing/var/', payload: body })
  if (res.statusCode !== 200) throw new Error(`in place: ${res.statusCode} ${res.body.slice(0, 300)}`)
  return { seconds: (performance.now() - t0) / 1000, answer: JSON.parse(res.body) as VarAnswer }
}

async function asJob(): Promise<{ seconds: number; answer: VarAnswer; parts: number }> {
  const t0 = performance.now()
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/pricing/var/',
    headers: { prefer: 'respond-async' },
    payload: body,
  })
  if (res.statusCode !== 202) throw new Error(`job: ${res.statusCode} ${res.body.slice(0, 300)}`)
  const { status_url: url } = JSON.parse(res.body) as { status_url: string }
  for (;;) {
    await new Promise((r) => setTimeout(r, 200))
    const s = JSON.parse((await app.inject({ url })).body) as {
      state: string
      result?: VarAnswer
      detail?: string
      progress: { total_parts: number }
    }
    if (s.state === 'failed') throw new Error(`job failed: ${s.detail}`)
    if (s.state === 'completed')
      return { seconds: (performance.now() - t0) / 1000, answer: s.result!, parts: s.progress.total_parts }
  }
}

// warm the caches the three runs share alike (contexts, instruments): each run then prices the same way
await inPlace()
const one = await inPlace()
const scenarios = one.answer.pnl.length
const valuations = uids.length * scenarios
const failed = one.answer.items.filter((i) => i.status !== 200).length
const job = await asJob()
const workers = Array.from({ length: W }, pricingWorker)
await new Promise((r) => setTimeout(r, 15_000)) // their start (tsx) and first pricing threads
const spread = await asJob()
for (const w of workers) w.kill('SIGTERM')

const same = (a: VarAnswer) => JSON.stringify(a.pnl) === JSON.stringify(one.answer.pnl)
if (!same(job.answer) || !same(spread.answer)) throw new Error('the three answers differ')
const line = (name: string, seconds: number) =>
  `${name.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s ${Math.round(valuations / seconds)
    .toLocaleString('en-US')
    .padStart(12)}`
console.log(
  `\nhistorical VaR: ${uids.length} bonds (${failed} unpriced) × ${scenarios} scenarios = ` +
    `${valuations.toLocaleString('en-US')} valuations, ${config.pricerThreads} pricing threads per process\n`,
)
console.log(`${'run'.padEnd(44)} ${'wall'.padStart(9)} ${'valuations/s'.padStart(12)}`)
console.log(line('in place, one process', one.seconds))
console.log(line(`as a job, one process (${job.parts} parts)`, job.seconds))
console.log(line(`as a job, one process + ${W} pricing workers`, spread.seconds))
console.log(
  `\nVaR 95%: ${one.answer.var[0].var.toFixed(2)}, 99%: ${one.answer.var[1].var.toFixed(2)} (the three runs agree)`,
)
await app.close()
await sql.end()
