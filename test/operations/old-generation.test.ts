/**
 * A pricing thread holds its book (cached instruments, ~190 MB for 25,000 bonds) in its old generation, and only a
 * full collection, marking all of it, reclaims garbage there. A request's garbage must die young: the scale book's
 * threads once promoted 1.6 kB per `price` (hidden classes V8 made for each `{ ...instrument, curve, ... }`) and,
 * pretenured, 23 kB per floater `analytics` (bench/README.md, "Garbage that lived in the old generation"), and
 * collected their whole heap once per distinct pass. Measured on the oracle's bonds, in a process of its own.
 */
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const PROBE = fileURLToPath(new URL('./old-generation-probe.ts', import.meta.url))

function probe(...args: string[]): Record<string, number> {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import=tsx', PROBE, ...args], {
    encoding: 'utf8',
    timeout: 240_000,
  })
  if (r.status !== 0) throw new Error(`the probe failed: ${r.stderr.slice(-2000)}`)
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>
}

t.test("pricing a cached book promotes next to nothing into a thread's old generation", async (t) => {
  const grown = probe()
  t.ok(
    grown.price_tasks >= 40_000 && grown.analytics_tasks >= 40_000,
    `${grown.price_tasks} and ${grown.analytics_tasks} tasks measured`,
  )
  // a few bytes per task remain (V8's own feedback and code); the regressions were 1,600 and more
  t.ok(grown.price < 200, `price: ${grown.price.toFixed(0)} bytes per task into the old generation (under 200)`)
  t.ok(
    grown.analytics < 200,
    `analytics: ${grown.analytics.toFixed(0)} bytes per task into the old generation (under 200)`,
  )
})
