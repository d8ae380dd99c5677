/**
 * Registry writes beside a priced book: a write to a table no price reads (an asset category) leaves the pricing
 * caches warm, and costs its own answer one notification round trip (src/pricing/change-barrier.ts). Runs after the
 * pricing section, on its warm scale server: `price` over the first 10,000 scale bonds (50 connections) as they are,
 * then the same right after one category write; and the write's own latency, sequentially, on both servers. Before
 * the barrier every write emptied every pricing cache, the book's terms included.
 *
 * Options: --write-bonds 10000.
 */
import type { Figure, LoadRequest, ScaleContext, Server } from '../context.ts'

const PRICING = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }

async function category(
  server: Server,
): Promise<{ uid: string; rename: (n: number) => Promise<void>; drop: () => Promise<void> }> {
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.base}${url}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`)
    return text
  }
  const { uid } = JSON.parse(
    await send('POST', '/api/v1/asset-category/', { display_name: `bench writes ${Date.now()}` }),
  ) as { uid: string }
  return {
    uid,
    rename: async (n) =>
      void (await send('PATCH', `/api/v1/asset-category/${uid}/`, { display_name: `bench writes ${n}` })),
    drop: async () => void (await send('DELETE', `/api/v1/asset-category/${uid}/`)),
  }
}

export async function section(ctx: ScaleContext): Promise<Figure[]> {
  const limit = Number(ctx.args['write-bonds'] ?? 10_000)
  const bonds = await ctx.sql.scale<{ uid: string }[]>`
    select a.uid::text as uid from asset_pricing_details d join assets a on a.uid = d.asset_uid
    where d.source = 'scale' order by a.unique_identifier limit ${limit}`
  const requests: LoadRequest[] = bonds.map((b) => ({
    url: `${ctx.scale.base}/api/v1/pricing/assets/${b.uid}/price/`,
    body: PRICING,
  }))
  const [scale, demo] = [await category(ctx.scale), await category(ctx.demo)]
  try {
    let n = 0
    const writeScale = await ctx.sequential(() => scale.rename(++n), { n: 200, warmup: 5 })
    const writeDemo = await ctx.sequential(() => demo.rename(++n), { n: 200, warmup: 5 })
    // warm as the pricing section left it (its three passes over the book), then the same load after a write
    await ctx.load(requests)
    const warm = await ctx.load(requests)
    await scale.rename(++n)
    const afterWrite = await ctx.load(requests)
    ctx.log(
      `price over ${bonds.length} bonds: ${warm.rps.toFixed(0)} req/s warm, ${afterWrite.rps.toFixed(0)} right after ` +
        `a category write; the write p50 ${writeScale.p50.toFixed(2)} ms`,
    )
    return [
      { name: 'category write (PATCH), p50 (sequential)', unit: 'ms', scale: writeScale.p50, demo: writeDemo.p50 },
      { name: 'category write (PATCH), p99 (sequential)', unit: 'ms', scale: writeScale.p99, demo: writeDemo.p99 },
      { name: `price, ${bonds.length} distinct bonds, warm, req/s`, unit: 'req/s', scale: warm.rps },
      {
        name: `price, ${bonds.length} distinct bonds, right after a category write, req/s`,
        unit: 'req/s',
        scale: afterWrite.rps,
        note: `p99 ${afterWrite.p99.toFixed(1)} ms (warm ${warm.p99.toFixed(1)} ms)`,
      },
      { name: 'price right after a category write over warm', unit: '%', scale: (100 * afterWrite.rps) / warm.rps },
    ]
  } finally {
    await Promise.all([scale.drop(), demo.drop()])
  }
}
