/**
 * The floor every other figure stands on: GET /health (no database) sequentially on both servers. Also the
 * smallest example of a section.
 */
import type { Figure, ScaleContext } from '../context.ts'

export async function section(ctx: ScaleContext): Promise<Figure[]> {
  const scale = await ctx.timeGet(`${ctx.scale.base}/health`, { n: 200 })
  const demo = await ctx.timeGet(`${ctx.demo.base}/health`, { n: 200 })
  return [
    { name: 'GET /health p50 (sequential)', unit: 'ms', scale: scale.p50, demo: demo.p50 },
    { name: 'GET /health p99 (sequential)', unit: 'ms', scale: scale.p99, demo: demo.p99 },
  ]
}
