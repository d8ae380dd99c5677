/**
 * Issue 13 item 5: a 10,000-portfolio bulk delete on the scale database (100,000 portfolios, 1,000,000 weights)
 * within 10 s, while pricing p99 stays within 2x of its idle value in the same run, all or nothing.
 *
 * Each round seeds 10,000 portfolios of its own (10 weights each, as the scale data set's), then prices the demo
 * bond from a separate process (closed loops, bench/bulk/load.ts): an idle window of half --bulk-idle seconds, the
 * window of one `POST /api/v1/portfolio/bulk-delete/` deleting the seeded portfolios through the scale server
 * (preflight, BullMQ job, one transaction), and another idle half window. Pricing latencies count only requests
 * that started and ended inside a window; the rounds' windows are pooled. A database with fewer than --bulk-base
 * portfolios is topped up first. The machine's busy share in both windows (/proc/stat) is printed too: on a shared
 * machine near 100%, p99 mostly measures others.
 *
 *   npm run bench -- scale --only bulk-beside-pricing [--bulk-portfolios 10000 --bulk-weights 10 --bulk-rounds 3
 *                     --bulk-connections 10 --bulk-idle 6 --bulk-base 100000 --bulk-asset UST-4.25-2031-11-15]
 */
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { Sql } from '../../../src/db/client.ts'
import type { Sample } from '../../bulk/load.ts'
import { metric, percentile, type Figure, type ScaleContext } from '../context.ts'

const LOAD = fileURLToPath(new URL('../../bulk/load.ts', import.meta.url))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Window {
  from: number
  to: number
}

/** Assets the seeded weights point at (any existing ones; the weights only need valid references). */
async function weightAssets(sql: Sql): Promise<string[]> {
  const rows = await sql<
    { id: string }[]
  >`select unique_identifier as id from assets order by unique_identifier limit 1000`
  if (!rows.length) throw new Error('the database holds no assets to weight')
  return rows.map((r) => r.id)
}

async function calendarUid(sql: Sql): Promise<string> {
  const [row] = await sql<{ uid: string }[]>`select uid::text from calendars order by unique_identifier limit 1`
  if (!row) throw new Error('the database holds no calendar')
  return row.uid
}

/** Portfolios with `weights` rows each, under identifiers `<prefix><uid>`. */
async function seed(sql: Sql, prefix: string, count: number, weights: number): Promise<string[]> {
  const uids = Array.from({ length: count }, () => randomUUID())
  const assets = await weightAssets(sql)
  const calendar = await calendarUid(sql)
  for (let i = 0; i < uids.length; i += 10_000) {
    const part = uids.slice(i, i + 10_000)
    await sql`insert into portfolios (uid, unique_identifier, calendar_uid) select u, ${prefix} || u::text,
      ${calendar}::uuid from unnest(${part}::uuid[]) as u`
    await sql`insert into portfolio_weights (portfolio_identifier, time_index, asset_identifier, weight,
      weight_before, price_current)
              select ${prefix} || p.u::text, timestamptz '2026-11-20T00:00:00Z', (${assets}::text[])[1 + (p.n *
                ${weights} + k) % ${assets.length}], 0.1, 0.1, 100
              from unnest(${part}::uuid[]) with ordinality as p(u, n), generate_series(0, ${weights - 1}) as k`
  }
  return uids
}

/**
 * CPU seconds used so far by the PostgreSQL backends connected to the database (NaN when PostgreSQL is not on this
 * host). Pricing reads no SQL while its contexts are cached, so across a delete window the growth is the delete's:
 * a figure the machine's other load does not inflate the way it inflates wall times.
 */
async function backendCpuSeconds(sql: Sql): Promise<Map<number, number>> {
  const rows = await sql<
    { pid: number }[]
  >`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`
  const cpu = new Map<number, number>()
  for (const { pid } of rows) {
    try {
      // fields after the parenthesised command: utime and stime are the 12th and 13th, in clock ticks (100 per second)
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100)
    } catch {
      // not on this host, or gone
    }
  }
  return cpu
}

const cpuGrowth = (before: Map<number, number>, after: Map<number, number>) =>
  after.size === 0 ? NaN : [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0)

/** Busy and total CPU ticks of the whole machine so far (/proc/stat), and of one process. */
function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
  const total = cpu.reduce((a, b) => a + b, 0)
  return { busy: total - cpu[3] - (cpu[4] ?? 0), total }
}
function processTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return NaN
  }
}

/** Over a window: the machine's busy share (0..1 of all cores) and the API server's CPU in cores. */
function cpuMeter(pid: number) {
  const m0 = machineTicks()
  const p0 = processTicks(pid)
  const t0 = Date.now()
  return () => {
    const m1 = machineTicks()
    const seconds = (Date.now() - t0) / 1000
    return {
      machineBusy: (m1.busy - m0.busy) / (m1.total - m0.total),
      serverCores: (processTicks(pid) - p0) / 100 / seconds,
    }
  }
}

function startLoad(
  url: string,
  payload: string,
  connections: number,
): Promise<{ child: ChildProcess; stop(): Promise<Sample[]> }> {
  const child = fork(LOAD, [url, payload, String(connections)], {
    execArgv: ['--import=tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve) => {
    child.once('message', () =>
      resolve({
        child,
        stop: () =>
          new Promise((done) => {
            child.once('message', (samples) => done(samples as Sample[]))
            child.send('stop')
          }),
      }),
    )
  })
}

/** Latencies of the 200s that started and ended inside one of the windows; requests that failed, counted apart. */
function inside(samples: Sample[], windows: Window[]) {
  const ok: number[] = []
  let failed = 0
  let seconds = 0
  for (const w of windows) {
    seconds += (w.to - w.from) / 1000
    for (const [started, latency, status] of samples) {
      if (started < w.from || started + latency > w.to) continue
      if (status === 200) ok.push(latency)
      else failed++
    }
  }
  ok.sort((a, b) => a - b)
  return { n: ok.length, failed, rps: ok.length / seconds, p50: percentile(ok, 0.5), p99: percentile(ok, 0.99) }
}

export async function section(ctx: ScaleContext): Promise<Figure[]> {
  const arg = (name: string, fallback: number) => Number(ctx.args[`bulk-${name}`] ?? fallback)
  const N = arg('portfolios', 10_000)
  const WEIGHTS = arg('weights', 10)
  const ROUNDS = arg('rounds', 3)
  const CONNECTIONS = arg('connections', 10)
  const IDLE_S = arg('idle', 6)
  const BASE = arg('base', 100_000)
  const assetId = ctx.args['bulk-asset'] ?? 'UST-4.25-2031-11-15'
  const sql = ctx.sql.scale
  const base = ctx.scale.base

  const [{ portfolios, weights }] = await sql<{ portfolios: number; weights: number }[]>`
    select (select count(*) from portfolios)::int as portfolios, (select count(*) from portfolio_weights)::int as
      weights`
  if (portfolios < BASE) {
    ctx.log(
      `the database holds ${portfolios} portfolios; topping up to ${BASE} with ${WEIGHTS} weights each (BULKBASE-…)`,
    )
    await seed(sql, 'BULKBASE-', BASE - portfolios, WEIGHTS)
    await sql`vacuum analyze portfolios, portfolio_weights`
  }
  const [size] = await sql<{ portfolios: number; weights: number }[]>`
    select (select count(*) from portfolios)::int as portfolios, (select count(*) from portfolio_weights)::int as
      weights`
  ctx.log(
    `${size.portfolios} portfolios, ${size.weights} weights (before: ${portfolios}, ${weights}); each round deletes ` +
      `${N} seeded portfolios with ${WEIGHTS} weights each`,
  )

  const [asset] = await sql<{ uid: string }[]>`select uid::text from assets where unique_identifier = ${assetId}`
  if (!asset) throw new Error(`asset ${assetId} is not in the scale database (--bulk-asset)`)
  const priceUrl = `${base}/api/v1/pricing/assets/${asset.uid}/price/`
  const payload = JSON.stringify({ valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' })
  const warm = await fetch(priceUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })
  if (warm.status !== 200) throw new Error(`price answers ${warm.status}: ${(await warm.text()).slice(0, 300)}`)

  const idle: Window[] = []
  const during: Window[] = []
  const idleSamples: Sample[] = []
  const duringSamples: Sample[] = []
  const deleteSeconds: number[] = []
  const jobSeconds: number[] = []
  const pgCpu: number[] = []
  const busy = { idle: [] as number[], during: [] as number[] }
  let allOrNothing = true
  for (let round = 1; round <= ROUNDS; round++) {
    const uids = await seed(sql, 'BULKBENCH-', N, WEIGHTS)
    await sql`analyze portfolios, portfolio_weights`

    // one load process per round; idle windows right before and right after the delete, so the other work on the
    // machine (which moves p99 most on a shared host) is as alike as it can be in the windows compared
    const runBefore =
      metric(await ctx.scale.metrics(), 'bulk_delete_job_duration_seconds_sum', {
        resource: 'portfolios',
        state: 'completed',
        phase: 'run',
      }) || 0
    const load = await startLoad(priceUrl, payload, CONNECTIONS)
    await sleep(2_000)
    const idleWindow = async () => {
      const w = { from: Date.now(), to: 0 }
      const m = cpuMeter(ctx.scale.pid)
      await sleep((IDLE_S * 1000) / 2)
      w.to = Date.now()
      idle.push(w)
      return m()
    }
    const idleBefore = await idleWindow()
    const cpuBefore = await backendCpuSeconds(sql)
    const window = { from: Date.now(), to: 0 }
    const meter = cpuMeter(ctx.scale.pid)
    const response = await fetch(`${base}/api/v1/portfolio/bulk-delete/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ selection: { mode: 'explicit', uids }, options: {} }),
    })
    window.to = Date.now()
    const cpu = meter()
    pgCpu.push(cpuGrowth(cpuBefore, await backendCpuSeconds(sql)))
    const body = (await response.json()) as Record<string, unknown>
    during.push(window)
    await sleep(300)
    const idleAfter = await idleWindow()
    const samples = await load.stop()
    idleSamples.push(...samples)
    duringSamples.push(...samples)
    const idleCpu = {
      machineBusy: (idleBefore.machineBusy + idleAfter.machineBusy) / 2,
      serverCores: (idleBefore.serverCores + idleAfter.serverCores) / 2,
    }

    const [{ left }] = await sql<
      { left: number }[]
    >`select count(*)::int as left from portfolios where uid = any(${uids}::uuid[])`
    const runAfter =
      metric(await ctx.scale.metrics(), 'bulk_delete_job_duration_seconds_sum', {
        resource: 'portfolios',
        state: 'completed',
        phase: 'run',
      }) || 0
    deleteSeconds.push((window.to - window.from) / 1000)
    jobSeconds.push(runAfter - runBefore)
    if (!((response.status === 200 && left === 0) || (response.status !== 200 && left === N))) allOrNothing = false
    ctx.log(
      `round ${round}: ${response.status} in ${((window.to - window.from) / 1000).toFixed(2)} s (job transaction ` +
        `${(runAfter - runBefore).toFixed(2)} s, PostgreSQL CPU ${pgCpu[pgCpu.length - 1].toFixed(2)} s), ` +
        `${body.deleted_weights_count ?? '-'} weights; ${left} of ${N} left`,
    )
    busy.idle.push(idleCpu.machineBusy)
    busy.during.push(cpu.machineBusy)
    const pct = (x: number) => `${(x * 100).toFixed(0)}%`
    ctx.log(
      `  machine busy ${pct(idleCpu.machineBusy)} idle window, ${pct(cpu.machineBusy)} delete window; API server ` +
        `${idleCpu.serverCores.toFixed(2)} / ${cpu.serverCores.toFixed(2)} cores`,
    )
    if (response.status !== 200) {
      ctx.log(`  ${JSON.stringify(body).slice(0, 300)}`)
      await sql`delete from portfolio_weights where portfolio_identifier like 'BULKBENCH-%'`
      await sql`delete from portfolios where unique_identifier like 'BULKBENCH-%'`
    }
  }

  const a = inside(idleSamples, idle)
  const d = inside(duringSamples, during)
  const ratio = d.p99 / a.p99
  ctx.log(
    `pricing idle: ${a.n} requests, ${a.rps.toFixed(0)} req/s, p50 ${a.p50.toFixed(1)} ms, p99 ${a.p99.toFixed(1)} ` +
      `ms, ${a.failed} failed`,
  )
  ctx.log(
    `pricing during the deletes: ${d.n} requests, ${d.rps.toFixed(0)} req/s, p50 ${d.p50.toFixed(1)} ms, p99 ` +
      `${d.p99.toFixed(1)} ms, ${d.failed} failed`,
  )
  ctx.log(
    `p99 ratio ${ratio.toFixed(2)} (target ≤ 2); slowest delete ${Math.max(...deleteSeconds).toFixed(2)} s (target ≤ ` +
      `10)`,
  )
  return [
    {
      name: `bulk delete of ${N} portfolios, slowest of ${ROUNDS} (HTTP end to end)`,
      unit: 's',
      scale: Math.max(...deleteSeconds),
      target: { max: 10 },
    },
    { name: 'of which the job transaction, slowest', unit: 's', scale: Math.max(...jobSeconds) },
    {
      name: 'PostgreSQL CPU of one delete, mean (backends of the scale database)',
      unit: 's',
      scale: pgCpu.reduce((a, b) => a + b, 0) / pgCpu.length,
    },
    { name: 'pricing p99 idle (same run)', unit: 'ms', scale: a.p99 },
    { name: 'pricing p99 during the bulk deletes', unit: 'ms', scale: d.p99 },
    { name: 'pricing p99 during / idle', unit: 'x', scale: ratio, target: { max: 2 } },
    { name: 'pricing req/s idle / during', unit: 'req/s', scale: d.rps, note: `idle ${a.rps.toFixed(0)}` },
    {
      name: 'machine CPU busy, delete windows (idle windows in the note)',
      unit: '%',
      scale: (100 * busy.during.reduce((a, b) => a + b, 0)) / busy.during.length,
      note:
        `idle ${((100 * busy.idle.reduce((a, b) => a + b, 0)) / busy.idle.length).toFixed(0)}%; near 100% both, ` +
        `other work holds the cores and p99 says more about it than about the delete`,
    },
    { name: 'failed pricing requests during the deletes', unit: 'count', scale: d.failed, target: { max: 0 } },
    {
      name: 'all or nothing (1: every round deleted all or none)',
      unit: 'bool',
      scale: allOrNothing ? 1 : 0,
      target: { min: 1 },
    },
  ]
}
