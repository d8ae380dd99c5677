/**
 * Issue 13 items 3 and 4: pricing when every request is a different bond, and bounded memory.
 *
 * On a freshly started scale server (cold caches but what its start-up warm-up loads, which ends before anything
 * is measured): for `price`, `analytics` and `z-spread`, one asset repeated
 * (the demo's UST-4.25-2031-11-15, in both databases: the hot figure, on both servers), then three passes, each
 * sending every scale bond once per operation (each pass in a new random order) over 50 connections from a
 * separate process, each pass of an operation right after that operation's one asset repeated again (the same
 * load as the hot figure's: the host's speed moves by a third within a run, and a ratio of two loads minutes apart
 * measured that drift as much as the server). Targets: every pass's distinct-asset req/s ≥ 60% of the hot rate
 * measured just before it (the ratio to the first hot figure is printed beside it), p99 ≤ 30 ms, and the
 * server's peak RSS (VmHWM) after pass 3 within 10% of its peak after pass 1 (the RSS at each pass's last instant
 * is printed too); /metrics's cache gauges are printed after each pass. Each scale-server load also prints the
 * server's CPU per request (from /proc: its main thread, of it its GC pauses, and its other threads: the pricing
 * threads and V8's GC helpers), which says where a distinct request's extra time goes when no thread is saturated.
 *
 * Options: --connections 50, --hot-requests 50000, --bonds N (the first N scale bonds; default all), --passes 3,
 * --operations price,analytics,z-spread (fewer passes or operations for a quick look; the targets need all).
 */
import { metric, type Figure, type LoadRequest, type ScaleContext, type Server } from '../context.ts'

const VALUATION = '2026-11-20T00:00:00Z'
/** UST-4.25-2031-11-15 of the demo bundle */
const HOT_ASSET = 'd4037e5c-6e60-5619-b1cd-8b02cccb5792'
const OPERATIONS = ['price', 'analytics', 'z-spread'] as const
type Operation = (typeof OPERATIONS)[number]
const CACHES = [
  'terms',
  'market_parts',
  'decoded_curves',
  'worker_instruments',
  'worker_floater_plans',
  'worker_curves',
]

interface Bond {
  uid: string
  face: number
  type: string
}

const body = (op: Operation, bond: Bond) => ({
  valuation_date: VALUATION,
  market_data_set: 'default',
  // a z-spread to par in currency: solvable for every bond whatever its face
  ...(op === 'z-spread' ? { parameters: { target_dirty_ccy: bond.face } } : {}),
})
const request = (server: Server, op: Operation, bond: Bond): LoadRequest => ({
  url: `${server.base}/api/v1/pricing/assets/${bond.uid}/${op}/`,
  body: body(op, bond),
})

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items]
  let s = seed
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff
    const j = s % (i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

export async function section(ctx: ScaleContext): Promise<Figure[]> {
  const connections = Number(ctx.args.connections ?? 50)
  const hotRequests = Number(ctx.args['hot-requests'] ?? 50_000)
  const limit = ctx.args.bonds ? Number(ctx.args.bonds) : 1_000_000_000
  const passes = Number(ctx.args.passes ?? 3)
  const operations = ctx.args.operations ? (ctx.args.operations.split(',') as Operation[]) : OPERATIONS
  const bondsOf = (sql: ScaleContext['sql']['scale'], source: string) =>
    sql<Bond[]>`
      select a.uid::text as uid, coalesce((d.instrument_dump ->> 'face_value')::float8, 100) as face,
        d.instrument_type as type
      from asset_pricing_details d join assets a on a.uid = d.asset_uid
      where d.source = ${source} order by a.unique_identifier limit ${limit}`
  const bonds = [...(await bondsOf(ctx.sql.scale, 'scale'))]
  if (!bonds.length) throw new Error('the scale database has no scale bonds: build it with npm run bench -- scale-data')
  // the hot asset is the demo's US Treasury, present in both databases: the same request on both servers
  const hotBond = { uid: HOT_ASSET, face: 100, type: 'FixedRateBond' }
  // one bond of each class, and each class's share of the distinct passes
  const classes = new Map<string, { bond: Bond; share: number }>()
  for (const b of bonds) {
    const c = classes.get(b.type)
    if (c) c.share += 1 / bonds.length
    else classes.set(b.type, { bond: b, share: 1 / bonds.length })
  }
  ctx.log(
    `${bonds.length} bonds, ${connections} connections, ${hotRequests} requests per hot run; restarting the scale ` +
      `server (cold caches)`,
  )
  await ctx.scale.restart()
  // the restart waited for the start-up warm-up (PRICING_PREWARM_*, context.ts): it neither slows nor counts in what
  // follows
  const warm = await ctx.scale.metrics()
  const g = (cache: string) => metric(warm, 'pricing_cache_entries', { cache })
  ctx.log(
    `start-up warm-up: ${ctx.scale.warmUpSeconds.toFixed(1)} s after /health; ${g('terms')} terms, ` +
      `${g('worker_instruments')} instruments cached`,
  )
  const rssStart = ctx.scale.rssMiB()

  // the scale server's CPU per request of a load, in µs: its main thread, and its other threads (the pricing
  // threads and V8's helpers, which mark and evacuate the heaps a book fills)
  // and, from /metrics read once before and once after, the main thread's GC pauses per request and the tasks priced
  // away from their instrument's home thread (rebuilt there, uncached)
  const measured = async (requests: Parameters<ScaleContext['load']>[0]) => {
    const counters = (text: string) => [
      ...['minor', 'major', 'incremental'].map((kind) => metric(text, 'nodejs_gc_duration_seconds_sum', { kind }) || 0),
      metric(text, 'pricing_guest_tasks_total'),
    ]
    const countersBefore = counters(await ctx.scale.metrics())
    const before = ctx.scale.cpuSeconds()
    const result = await ctx.load(requests, connections)
    const after = ctx.scale.cpuSeconds()
    const [minor, major, incremental, guests] = counters(await ctx.scale.metrics()).map((c, i) => c - countersBefore[i])
    const per = (s: number) => (1e6 * s) / Math.max(1, result.count)
    return {
      ...result,
      guests,
      cpu: {
        main: per(after.main - before.main),
        others: per(after.others - before.others),
        gc: [minor, major, incremental].map(per),
      },
    }
  }
  const cpuText = (c: { main: number; others: number; gc: number[] }) =>
    `server CPU per request ${(c.main + c.others).toFixed(0)} µs (main thread ${c.main.toFixed(0)}, of it GC pauses ` +
    `${c.gc.map((g) => g.toFixed(1)).join(' / ')} minor / major / incremental; other threads ` +
    `${c.others.toFixed(0)})`

  const figures: Figure[] = []
  const hot: Record<string, { scale: number; demo: number }> = {}
  const mix: Record<string, number> = {}
  const hotCpu: Record<string, { main: number; others: number }> = {}
  for (const op of operations) {
    const warmUp = (server: Server, bond: Bond) =>
      ctx.load(
        Array.from({ length: 500 }, () => request(server, op, bond)),
        connections,
      )
    await warmUp(ctx.scale, hotBond)
    const scale = await measured(Array.from({ length: hotRequests }, () => request(ctx.scale, op, hotBond)))
    await warmUp(ctx.demo, hotBond)
    const demo = await ctx.load(
      Array.from({ length: hotRequests }, () => request(ctx.demo, op, hotBond)),
      connections,
    )
    ctx.log(
      `${op} hot: scale ${scale.rps.toFixed(0)} req/s p99 ${scale.p99.toFixed(1)} ms (non-2xx ${scale.non2xx}, ` +
        `errors ${scale.errors}), ${cpuText(scale.cpu)}; demo ${demo.rps.toFixed(0)} req/s p99 ` +
        `${demo.p99.toFixed(1)} ms`,
    )
    if (scale.non2xx || scale.errors)
      throw new Error(`${op} on one bond: ${scale.non2xx} non-2xx, ${scale.errors} errors`)
    hot[op] = { scale: scale.rps, demo: demo.rps }
    hotCpu[op] = scale.cpu
    figures.push({ name: `${op} one asset repeated, req/s`, unit: 'req/s', scale: scale.rps, demo: demo.rps })
    figures.push({ name: `${op} one asset repeated, p99`, unit: 'ms', scale: scale.p99, demo: demo.p99 })
    // the classes do not cost the same even when hot (a callable's tree, its OAS): the hot rate of the distinct
    // passes' class mix (harmonic mean of each class's one-asset-repeated rate, weighted by its share) separates
    // what distinct assets cost from what the mix costs
    const perClass: string[] = []
    let seconds = 0
    for (const [type, c] of classes) {
      await ctx.load(
        Array.from({ length: 300 }, () => request(ctx.scale, op, c.bond)),
        connections,
      )
      const r = await ctx.load(
        Array.from({ length: Math.ceil(hotRequests / 3) }, () => request(ctx.scale, op, c.bond)),
        connections,
      )
      perClass.push(`${type} ${r.rps.toFixed(0)}`)
      seconds += c.share / r.rps
    }
    mix[op] = 1 / seconds
    ctx.log(`${op} hot per class (req/s): ${perClass.join(', ')}; class mix ${mix[op].toFixed(0)}`)
    figures.push({
      name: `${op} one asset repeated, the distinct passes' class mix, req/s`,
      unit: 'req/s',
      scale: mix[op],
      note: perClass.join(', '),
    })
  }

  const distinct: Record<
    string,
    { rps: number; hot: number; p99: number; p50: number; failed: number; cpu: { main: number; others: number } }[]
  > = {}
  const rss: number[] = []
  const peaks: number[] = []
  for (let pass = 1; pass <= passes; pass++) {
    for (const op of operations) {
      const again = await ctx.load(
        Array.from({ length: hotRequests }, () => request(ctx.scale, op, hotBond)),
        connections,
      )
      const result = await measured(shuffled(bonds, pass * 7919 + op.length).map((b) => request(ctx.scale, op, b)))
      ;(distinct[op] ??= []).push({
        rps: result.rps,
        hot: again.rps,
        p99: result.p99,
        p50: result.p50,
        failed: result.non2xx + result.errors,
        cpu: result.cpu,
      })
      ctx.log(
        `pass ${pass} ${op} distinct: ${result.rps.toFixed(0)} req/s ` +
          `(${((100 * result.rps) / again.rps).toFixed(0)}% of hot just before, ${again.rps.toFixed(0)} req/s; ` +
          `${((100 * result.rps) / hot[op].scale).toFixed(0)}% of the first hot figure), p50 ` +
          `${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, non-2xx ${result.non2xx}, errors ` +
          `${result.errors}, ${cpuText(result.cpu)}, guests ${result.guests}`,
      )
    }
    rss.push(ctx.scale.rssMiB())
    peaks.push(ctx.scale.rssMiB(true))
    const text = await ctx.scale.metrics()
    const caches = CACHES.map((cache) => {
      const g = (name: string) => metric(text, name, { cache })
      const bytes = g('pricing_cache_estimated_bytes')
      const weight = Number.isNaN(bytes)
        ? ''
        : ` (${(bytes / 1048576).toFixed(0)} of ${(g('pricing_cache_capacity_bytes') / 1048576).toFixed(0)} MB ` +
          `estimated)`
      return (
        `${cache} ${g('pricing_cache_entries')}/${g('pricing_cache_capacity')}${weight} hit ` +
        `${(100 * g('pricing_cache_hit_ratio')).toFixed(1)}%`
      )
    })
    const heap = (name: string) => (metric(text, name) / 1048576).toFixed(0)
    ctx.log(
      `after pass ${pass}: RSS ${rss[pass - 1].toFixed(0)} MiB, peak so far ${peaks[pass - 1].toFixed(0)} MiB (main ` +
        `thread heap ${heap('nodejs_heap_size_used_bytes')} used of ${heap('nodejs_heap_size_total_bytes')} MiB); ` +
        `caches: ${caches.join(', ')}`,
    )
    if (pass === passes) {
      for (const cache of CACHES) {
        const g = (name: string) => metric(text, name, { cache })
        figures.push({
          name: `cache ${cache} entries after pass ${passes} (bound ${g('pricing_cache_capacity')})`,
          unit: 'entries',
          scale: g('pricing_cache_entries'),
          note: `hit ratio ${(100 * g('pricing_cache_hit_ratio')).toFixed(1)}%`,
        })
        // a cache bounded by weight too: how near its bytes bound the book comes (a book beyond it is rebuilt every
        // pass)
        const bytes = g('pricing_cache_estimated_bytes')
        if (!Number.isNaN(bytes))
          figures.push({
            name:
              `cache ${cache} estimated MB after pass ${passes} (bound ` +
              `${(g('pricing_cache_capacity_bytes') / 1048576).toFixed(0)} MB)`,
            unit: 'MB',
            scale: bytes / 1048576,
          })
      }
    }
  }

  for (const op of operations) {
    const runs = distinct[op]
    const paired = runs.map((p) => (100 * p.rps) / p.hot)
    figures.push({
      name: `${op} distinct assets, % of hot measured just before the pass (worst of ${passes} passes)`,
      unit: '%',
      scale: Math.min(...paired),
      target: { min: 60 },
      note:
        `passes ${paired.map((r) => r.toFixed(0)).join(' / ')}%: ` +
        `${runs.map((p) => `${p.rps.toFixed(0)} of ${p.hot.toFixed(0)}`).join(' / ')} req/s`,
    })
    const worst = runs.reduce((a, b) => (b.rps < a.rps ? b : a))
    figures.push({
      name: `${op} distinct assets, % of the first hot figure (worst of ${passes} passes)`,
      unit: '%',
      scale: (100 * worst.rps) / hot[op].scale,
      note: `passes ${runs.map((p) => p.rps.toFixed(0)).join(' / ')} req/s`,
    })
    figures.push({
      name: `${op} distinct assets, % of the class-mix hot rate (worst of ${passes} passes)`,
      unit: '%',
      scale: (100 * worst.rps) / mix[op],
    })
    figures.push({
      name: `${op} distinct assets, p99 (worst of ${passes} passes)`,
      unit: 'ms',
      scale: Math.max(...runs.map((p) => p.p99)),
      target: { max: 30 },
      note: `p50 ${runs.map((p) => p.p50.toFixed(1)).join(' / ')} ms`,
    })
    const cpu = (c: { main: number; others: number }) => c.main + c.others
    figures.push({
      name: `${op} server CPU per request, distinct (pass 1) over one asset repeated`,
      unit: '%',
      scale: (100 * cpu(runs[0].cpu)) / cpu(hotCpu[op]),
      note:
        `µs main + other threads: hot ${hotCpu[op].main.toFixed(0)} + ${hotCpu[op].others.toFixed(0)}; passes ` +
        `${runs.map((p) => `${p.cpu.main.toFixed(0)} + ${p.cpu.others.toFixed(0)}`).join(' / ')}`,
    })
    const failed = runs.reduce((a, p) => a + p.failed, 0)
    figures.push({
      name: `${op} distinct assets, failed requests (${passes} passes)`,
      unit: 'requests',
      scale: failed,
      target: { max: 0 },
    })
  }
  figures.push({ name: 'server RSS after start', unit: 'MiB', scale: rssStart })
  rss.forEach((r, i) =>
    figures.push({
      name: `server RSS after pass ${i + 1}`,
      unit: 'MiB',
      scale: r,
      note: `peak since start ${peaks[i].toFixed(0)} MiB`,
    }),
  )
  if (passes >= 3) {
    // the RSS at the instant a pass ends lands anywhere on the main heap's sawtooth (V8 lets its old generation grow
    // to about twice what is live before collecting: a few hundred MB over a book's caches); the peak (VmHWM) can
    // only grow, and grows only if what the process holds does
    figures.push({
      name: 'server peak RSS after pass 3 over after pass 1',
      unit: '%',
      scale: (100 * peaks[2]) / peaks[0],
      target: { max: 110 },
    })
    figures.push({
      name: 'server RSS pass 3 over pass 1, at the instants the passes ended',
      unit: '%',
      scale: (100 * rss[2]) / rss[0],
    })
  }
  return figures
}
