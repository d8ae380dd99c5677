/**
 * Batch pricing against one request per bond (issue 15): N distinct bonds (default 10,000, cloned from the demo
 * bonds with distinct coupons or spreads, so no two share a cache entry) priced in one POST /pricing/batch/,
 * and the same bonds one request each over 50 connections from a separate process, cold (fresh caches) and
 * warm, in one run.
 *
 *   npm run bench -- batch [--bonds 10000] [--operation price] [--connections 50]
 */
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, promisify } from 'node:util'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createSql, ensureDatabase, type Sql } from '../../src/db/client.ts'
import { migrate } from '../../src/db/migrate.ts'
import { loadDemoIfEmpty } from '../../src/db/demo.ts'

const { values: args } = parseArgs({
  options: {
    bonds: { type: 'string', default: '10000' },
    operation: { type: 'string', default: 'price' },
    connections: { type: 'string', default: '50' },
  },
})
const N = Number(args.bonds)
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fixed_income_batch_bench'
const CLIENT = fileURLToPath(new URL('./client.ts', import.meta.url))
const VALUATION = '2026-11-20T00:00:00Z'
const PARAMETERS: Record<string, Record<string, unknown>> = {
  'z-spread': { target_dirty_ccy: 100 },
  'carry-roll-down': { horizon_days: 21 },
}

/** N clones of the demo bonds, each with its own coupon (or spread, or redemption): N distinct instruments. */
async function cloneBonds(sql: Sql, n: number): Promise<string[]> {
  const existing = await sql<
    { uid: string }[]
  >`select uid::text from assets where unique_identifier like 'BENCH-BOND-%' order by unique_identifier limit ${n}`
  if (existing.length === n) return existing.map((r) => r.uid)
  await sql`delete from assets where unique_identifier like 'BENCH-BOND-%'`
  await sql.begin(async (tx) => {
    await tx`
      with demo as (
        select row_number() over (order by a.unique_identifier) - 1 as k, count(*) over () as m, d.*
        from assets a join asset_pricing_details d on d.asset_uid = a.uid where d.instrument_type like '%Bond'
      ),
      clones as (
        select g.i, gen_random_uuid() as uid, d.* from generate_series(0, ${n - 1}) g(i) join demo d on d.k = g.i % d.m
      ),
      inserted as (
        insert into assets (uid, unique_identifier, asset_type) select uid, 'BENCH-BOND-' || lpad(i::text, 6, '0'),
          'bond' from clones returning uid
      )
      insert into asset_pricing_details (asset_uid, instrument_type, instrument_dump, pricing_details_date,
        serialization_format, pricing_package_version, source, metadata_json)
      select c.uid, c.instrument_type,
             c.instrument_dump || case
               when c.instrument_dump ? 'coupon_rate' then jsonb_build_object('coupon_rate', (c.instrument_dump ->>
                 'coupon_rate')::numeric + c.i * 1e-7)
               when c.instrument_dump ? 'spread' then jsonb_build_object('spread', (c.instrument_dump ->>
                 'spread')::numeric + c.i * 1e-7)
               else jsonb_build_object('redemption_pct', coalesce((c.instrument_dump ->> 'redemption_pct')::numeric,
                 100) + c.i * 1e-6) end,
             c.pricing_details_date, c.serialization_format, c.pricing_package_version, 'bench', c.metadata_json
      from clones c join inserted using (uid)`
  })
  return (
    await sql<
      { uid: string }[]
    >`select uid::text from assets where unique_identifier like 'BENCH-BOND-%' order by unique_identifier`
  ).map((r) => r.uid)
}

await ensureDatabase(DATABASE_URL)
const sql = createSql(DATABASE_URL, { max: 20 })
await migrate(sql)
await loadDemoIfEmpty(sql)
const uids = await cloneBonds(sql, N)
// cold means fresh caches: no start-up warm-up (unless the environment asks for it)
const config = loadConfig({
  PRICING_PREWARM_TERMS: 'false',
  PRICING_PREWARM_INSTRUMENTS: 'false',
  ...process.env,
  DATABASE_URL,
  LOG_LEVEL: 'warn',
})
const parameters = PARAMETERS[args.operation] ?? {}
const exec = promisify(execFile)

/** A fresh app (cold caches in the process and its workers), listening on a free port. */
async function start() {
  const app = await buildApp({ config, sql, ownsSql: false })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }
}

async function batch(base: string) {
  const t0 = performance.now()
  const res = await fetch(`${base}/api/v1/pricing/batch/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      valuation_date: VALUATION,
      market_data_set: 'default',
      operation: args.operation,
      parameters,
      asset_uids: uids,
    }),
  })
  const out = (await res.json()) as { results: { status: number }[] }
  const seconds = (performance.now() - t0) / 1000
  return { seconds, rps: uids.length / seconds, failed: out.results.filter((r) => r.status !== 200).length }
}

async function singles(base: string) {
  const file = join(tmpdir(), `batch-bench-${process.pid}.json`)
  writeFileSync(
    file,
    JSON.stringify(
      uids.map((uid) => ({
        url: `${base}/api/v1/pricing/assets/${uid}/${args.operation}/`,
        body: { valuation_date: VALUATION, market_data_set: 'default', parameters },
      })),
    ),
  )
  const { stdout } = await exec(process.execPath, ['--import=tsx', CLIENT, file, args.connections], {
    maxBuffer: 1 << 20,
  })
  return JSON.parse(stdout) as {
    seconds: number
    rps: number
    p50: number
    p99: number
    non2xx: number
    errors: number
  }
}

console.log(
  `Batch benchmark: ${uids.length} distinct bonds, operation ${args.operation}, ` +
    `PRICER_THREADS=${config.pricerThreads}, single requests over ${args.connections} connections`,
)
const rows: string[] = []
for (const mode of ['batch', 'single requests'] as const) {
  const { app, base } = await start()
  for (const pass of ['cold', 'warm']) {
    if (mode === 'batch') {
      const r = await batch(base)
      rows.push(
        `| one batch of ${uids.length} | ${pass} | ${r.seconds.toFixed(2)} | ${r.rps.toFixed(0)} | – | – | ` +
          `${r.failed} |`,
      )
    } else {
      const r = await singles(base)
      rows.push(
        `| ${uids.length} requests | ${pass} | ${r.seconds.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ` +
          `${r.p99.toFixed(1)} | ${r.non2xx + r.errors} |`,
      )
    }
  }
  await app.close()
}
console.log('\n| how | caches | seconds | bonds/s | p50 ms | p99 ms | failed |')
console.log('|---|---|---:|---:|---:|---:|---:|')
for (const row of rows) console.log(row)
await sql.end()
