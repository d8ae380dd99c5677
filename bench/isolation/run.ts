/**
 * Pricing isolation (issue 12): cheap pricing requests at a steady rate (open loop), alone (idle) and beside
 * four pathological requests kept in flight (a callable with the most daily call dates the loader accepts,
 * priced with `analytics`: several trees per request). Idle and pathological phases alternate over `rounds`
 * (the machine is shared: alternating spreads its noise over both); prints the cheap requests' p50/p99 per
 * phase (median over rounds), their failures, the pathological requests answered and the server's peak RSS
 * (its threads included). The same runs with the heavy lane and without it (PRICER_HEAVY_THREADS=0).
 *
 *   npm run bench -- isolation [--seconds 5] [--rounds 3] [--rate 200] [--heavy 4] [--operation analytics]
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createSql, ensureDatabase } from '../../src/db/client.ts'
import { migrate } from '../../src/db/migrate.ts'
import { loadDemoIfEmpty } from '../../src/db/demo.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { TERMS_LIMITS } from '../../workers/operations/terms-limits.ts'
import { pathologicalCallable } from './pathological.ts'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '200' },
    heavy: { type: 'string', default: '4' },
    operation: { type: 'string', default: 'analytics' },
    // each setup measured: PRICER_HEAVY_THREADS, with ':nice' for a heavy lane at nice 19 without SCHED_IDLE
    lanes: { type: 'string', default: '1,1:nice,0' },
    // this benchmark's private listener (ports 15450-15499 are its range on the shared machine)
    port: { type: 'string', default: '15450' },
  },
})

const CLIENT = fileURLToPath(new URL('./client.ts', import.meta.url))
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fixed_income_bench_isolation'
const VALUATION = '2026-11-20T00:00:00Z'
const CHEAP = ['UST-4.25-2031-11-15', 'DBR-2.5-2035-02-15', 'BANKCO-FRN-SOFR-2029-03-20', 'ACME-5.0-2034-06-01-CALL']

interface Outcome {
  cheap: { requests: number; p50: number; p99: number; failures: number }
  heavy: { answered: number; failed: number }
}

async function client(cheap: string[], heavyUrl: string, heavy: number, seconds: number): Promise<Outcome> {
  const plan = {
    cheap,
    heavyUrl,
    body: { valuation_date: VALUATION, market_data_set: 'default' },
    rate: Number(args.rate),
    heavy,
    seconds,
  }
  // detached: a session of its own, so the kernel schedules the client apart from the server's group (autogroup),
  // as a real client on another machine would be
  const child = spawn(process.execPath, ['--import=tsx', CLIENT, JSON.stringify(plan)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`the load client exited with ${code}`)
  return JSON.parse(out) as Outcome
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const p99 = (xs: number[]) => Number(([...xs].sort((a, b) => a - b)[Math.floor(0.99 * xs.length)] ?? 0).toFixed(1))

/**
 * The server's own view: Fastify's `responseTime` of every cheap request, from its log (request arrived to
 * response sent). On a shared machine the client's own scheduling delays inflate what it measures.
 */
class ServerTimes extends Writable {
  private readonly urls = new Map<string, string>()
  times: number[] = []
  constructor(private readonly cheap: (url: string) => boolean) {
    super()
  }

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue
      const entry = JSON.parse(line) as { reqId?: string; req?: { url?: string }; responseTime?: number; msg?: string }
      if (entry.msg === 'incoming request' && entry.reqId && entry.req?.url) this.urls.set(entry.reqId, entry.req.url)
      else if (entry.msg === 'request completed' && entry.reqId) {
        const url = this.urls.get(entry.reqId)
        this.urls.delete(entry.reqId)
        if (url && this.cheap(url) && entry.responseTime !== undefined) this.times.push(entry.responseTime)
      }
    }
    done()
  }
}

await ensureDatabase(DATABASE_URL)
const sql = createSql(DATABASE_URL, { max: 20 })
await migrate(sql)
await loadDemoIfEmpty(sql)
const heavy = pathologicalCallable(TERMS_LIMITS.callDates)
await loadBundle(sql, { assets: [heavy] })
const cheap = await sql<
  { uid: string }[]
>`select uid::text from assets where unique_identifier = any(${CHEAP}) order by unique_identifier`

async function phases(heavyThreads: number, schedIdle: boolean) {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL,
    LOG_LEVEL: 'info',
    PRICER_HEAVY_THREADS: String(heavyThreads),
    PRICER_HEAVY_IDLE: String(schedIdle),
  })
  const server = new ServerTimes((url) => url.endsWith('/price/') && !url.includes(heavy.uid))
  const app = await buildApp({ config, sql, ownsSql: false, logger: { level: 'info', stream: server } })
  await app.listen({ host: '127.0.0.1', port: Number(args.port) })
  const base = `http://127.0.0.1:${args.port}/api/v1/pricing/assets`
  const cheapUrls = cheap.map((a) => `${base}/${a.uid}/price/`)
  const heavyUrl = `${base}/${heavy.uid}/${args.operation}/`
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  // warm-up: threads started, caches and JIT hot, the heavy lane's thread up
  await client(cheapUrls, heavyUrl, 1, 3)
  const idle: Outcome[] = []
  const beside: Outcome[] = []
  const serverP99 = { idle: [] as number[], beside: [] as number[] }
  const peaks = { idle: 0, beside: 0 }
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const [phase, n] of [
      ['idle', 0],
      ['beside', Number(args.heavy)],
    ] as const) {
      peak = 0
      server.times = []
      ;(phase === 'idle' ? idle : beside).push(await client(cheapUrls, heavyUrl, n, Number(args.seconds)))
      peaks[phase] = Math.max(peaks[phase], peak)
      serverP99[phase].push(p99(server.times))
    }
  }
  clearInterval(sampler)
  await app.close()
  return { idle, beside, peaks, serverP99 }
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(0)
const sum = (outcomes: Outcome[], f: (o: Outcome) => number) => outcomes.reduce((n, o) => n + f(o), 0)
console.log(
  `Isolation benchmark: cheap price requests at ${args.rate}/s (open loop, over ${CHEAP.length} assets), ` +
    `${args.rounds} rounds of ${args.seconds} s idle then ${args.seconds} s beside ` +
    `${args.heavy} pathological ${args.operation} requests in flight (a callable with ${TERMS_LIMITS.callDates} ` +
    `daily call dates); PRICER_THREADS=${loadConfig({ ...process.env, DATABASE_URL }).pricerThreads}`,
)
const rows: string[] = []
for (const setup of args.lanes.split(',')) {
  const [threads, policy] = setup.split(':')
  const heavyThreads = Number(threads)
  const r = await phases(heavyThreads, policy !== 'nice')
  const lane = heavyThreads
    ? `heavy lane (PRICER_HEAVY_THREADS=${heavyThreads}, ` +
      `${policy === 'nice' ? 'nice 19, PRICER_HEAVY_IDLE=false' : 'SCHED_IDLE'})`
    : 'no heavy lane (PRICER_HEAVY_THREADS=0)'
  const idleP99 = median(r.idle.map((o) => o.cheap.p99))
  const besideP99 = median(r.beside.map((o) => o.cheap.p99))
  const p99s = (os: Outcome[]) => os.map((o) => o.cheap.p99).join(', ')
  const [serverIdle, serverBeside] = [median(r.serverP99.idle), median(r.serverP99.beside)]
  rows.push(
    `| ${lane} | ${serverIdle} (${r.serverP99.idle.join(', ')}) | ${serverBeside} (${r.serverP99.beside.join(', ')}) ` +
      `| ${(serverBeside / serverIdle).toFixed(2)}x | ` +
      `${median(r.idle.map((o) => o.cheap.p50))} / ${idleP99} (${p99s(r.idle)}) | ` +
      `${median(r.beside.map((o) => o.cheap.p50))} / ${besideP99} (${p99s(r.beside)}) | ` +
      `${(besideP99 / idleP99).toFixed(2)}x | ` +
      `${sum(r.idle, (o) => o.cheap.failures)} / ${sum(r.beside, (o) => o.cheap.failures)} of ` +
      `${sum(r.idle, (o) => o.cheap.requests)} / ${sum(r.beside, (o) => o.cheap.requests)} | ` +
      `${sum(r.beside, (o) => o.heavy.answered)} (${sum(r.beside, (o) => o.heavy.failed)} failed) | ` +
      `${mb(r.peaks.idle)} / ${mb(r.peaks.beside)} |`,
  )
}
console.log(
  '\n| setup | server p99 ms idle (per round) | server p99 ms beside (per round) | server p99 ratio | client p50 / ' +
    'p99 ms idle (p99 per round) | client p50 / p99 ms beside (p99 per round) | client p99 ratio | cheap failures ' +
    'idle / beside (of requests) | pathological answered | peak RSS MB idle / beside |',
)
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const row of rows) console.log(row)
await sql.end()
