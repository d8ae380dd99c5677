/**
 * HTTP load benchmark of the pricer (issue 4): autocannon, 50 connections, in a separate process, against the
 * pricer routes and a hello-world baseline route served by the same app (same Fastify instance, hooks and
 * logger), in one run. Prints each route's req/s as a ratio of the baseline, with p50/p99 latency.
 *
 *   npm run bench:http [-- --duration 10 --connections 50 --asset UST-4.25-2031-11-15]
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createRequire } from 'node:module'
import { parseArgs } from 'node:util'
import type { FastifyPluginAsync } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createSql, ensureDatabase } from '../../src/db/client.ts'
import { migrate } from '../../src/db/migrate.ts'
import { loadDemoIfEmpty } from '../../src/db/demo.ts'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    asset: { type: 'string', default: 'UST-4.25-2031-11-15' },
    valuation: { type: 'string', default: '2026-11-20T00:00:00Z' },
  },
})

const require = createRequire(import.meta.url)
const AUTOCANNON = require.resolve('autocannon/autocannon.js')
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fixed_income_bench'

interface Result {
  route: string
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

const run = promisify(execFile)

/** autocannon in its own process (the server under test runs in this one, so never block its event loop). */
async function autocannon(route: string, url: string, body?: unknown, duration = args.duration): Promise<Result> {
  const cli = [AUTOCANNON, '-c', args.connections, '-d', duration, '-j', '--renderStatusCodes']
  if (body !== undefined) cli.push('-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(body))
  const { stdout } = await run(process.execPath, [...cli, url], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const r = JSON.parse(stdout) as {
    requests: { average: number }
    latency: { p50: number; p99: number }
    errors: number
    non2xx: number
  }
  return { route, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx }
}

const baseline: FastifyPluginAsync = async (app) => {
  app.get('/__bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }))
}

await ensureDatabase(DATABASE_URL)
const sql = createSql(DATABASE_URL, { max: 20 })
await migrate(sql)
await loadDemoIfEmpty(sql)
const config = loadConfig({ ...process.env, DATABASE_URL, LOG_LEVEL: 'warn' })
const app = await buildApp({ config, sql, ownsSql: true, extraPlugins: [baseline] })
await app.listen({ host: '127.0.0.1', port: 0 })
const address = app.server.address()
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

const [asset] = await sql<{ uid: string }[]>`select uid::text from assets where unique_identifier = ${args.asset}`
if (!asset) throw new Error(`asset ${args.asset} is not in the bench database`)
const request = (parameters: Record<string, unknown> = {}) => ({
  valuation_date: args.valuation,
  market_data_set: 'default',
  parameters,
})
const priced = await app.inject({
  method: 'POST',
  url: `/api/v1/pricing/assets/${asset.uid}/price/`,
  payload: request(),
})
if (priced.statusCode !== 200) throw new Error(`price is not answering 200: ${priced.body}`)
const position = (JSON.parse(priced.body) as { price: number }).price

const targets: [string, string, unknown?][] = [
  ['baseline hello-world', '/__bench/hello'],
  ['price', 'price', request()],
  ['analytics', 'analytics', request()],
  ['z-spread', 'z-spread', request({ target_dirty_ccy: position * 0.99 })],
  ['cashflows', 'cashflows', request()],
  ['carry-roll-down', 'carry-roll-down', request({ horizon_days: 30 })],
]

console.log(
  `HTTP benchmark: ${args.connections} connections, ${args.duration} s per route, asset ${args.asset}, ` +
    `PRICER_THREADS=${config.pricerThreads}`,
)
const results: Result[] = []
for (const [name, path, body] of targets) {
  const url = path.startsWith('/') ? `${base}${path}` : `${base}/api/v1/pricing/assets/${asset.uid}/${path}/`
  // a short warm-up so JIT and caches are hot before measuring
  await autocannon(name, url, body, '2')
  results.push(await autocannon(name, url, body))
}
const hello = results[0].rps
console.log('\n| route | req/s | ratio of baseline | p50 ms | p99 ms | errors | non-2xx |')
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const r of results) {
  console.log(
    `| ${r.route} | ${r.rps.toFixed(0)} | ${((100 * r.rps) / hello).toFixed(1)}% | ${r.p50} | ${r.p99} | ${r.errors} ` +
      `| ${r.non2xx} |`,
  )
}
await app.close()
