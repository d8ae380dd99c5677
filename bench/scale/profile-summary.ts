/**
 * Where the time goes in a V8 CPU profile (`node --cpu-prof`): self time by function and file, largest first.
 * With the scale benchmark: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench -- scale --only
 * pricing, then for each profile written (one per thread: the main thread and every pricing worker):
 *
 *   node --import=tsx bench/scale/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [--top 25]
 *     [--from µs --to µs --per N] [--inclusive f,g]
 *
 * --inclusive adds, for each function named (exact names, comma-separated), the time of the samples with it anywhere
 * on their stack: what a whole step costs (a valuation, a bump) where self time spreads it over its callees.
 * --from/--to keep the samples of one window (µs of the profile's clock: BENCH_LOAD_WINDOWS=1 makes the benchmark
 * print each load's), --per divides the busy time by that load's request count. A pricing thread waiting for its
 * next message sits in Piscina's `atomicsWaitLoop` (Atomics.wait blocks in JavaScript): counted as idle, not busy.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

const { values, positionals } = parseArgs({
  options: {
    top: { type: 'string', default: '25' },
    from: { type: 'string' },
    to: { type: 'string' },
    per: { type: 'string' },
    inclusive: { type: 'string' },
  },
  allowPositionals: true,
})
const inclusiveNames = (values.inclusive ?? '').split(',').filter(Boolean)
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const inclusive = new Map<string, number>(inclusiveNames.map((name) => [name, 0]))
  const self = new Map<string, number>()
  const from = values.from ? Number(values.from) : -Infinity
  const to = values.to ? Number(values.to) : Infinity
  let t = profile.startTime
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0
    if (t < from || t > to) return
    const node = byId.get(id)
    if (!node) return
    const { functionName, url, lineNumber } = node.callFrame
    const where = url ? `${url.replace(/^.*\/(node_modules|src|workers)\//, '$1/')}:${lineNumber + 1}` : ''
    const key = `${functionName || '(anonymous)'} ${where}`.trim()
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0))
    if (inclusive.size === 0) return
    // each named function once per sample, however deep it recurses
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at)?.callFrame.functionName ?? ''
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name)
        inclusive.set(name, inclusive.get(name)! + (profile.timeDeltas[i] ?? 0))
      }
    }
  })
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const idle = [...self.entries()]
    .filter(([key]) => key === '(idle)' || key.startsWith('atomicsWaitLoop '))
    .reduce((a, [, us]) => a + us, 0)
  const per = values.per ? Number(values.per) : 0
  console.log(
    `\n${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * (total - idle)) / total).toFixed(0)}% ` +
      `busy${per ? `, busy ${((total - idle) / per).toFixed(1)} µs per request` : ''}`,
  )
  const line = (us: number, key: string) =>
    console.log(
      `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1e3).toFixed(0).padStart(7)} ms ` +
        `${per ? `${(us / per).toFixed(2).padStart(6)} µs/req` : ''} ${key}`,
    )
  for (const [key, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) line(us, key)
  if (inclusive.size > 0) console.log('inclusive (the function anywhere on the stack):')
  for (const [name, us] of inclusive) line(us, name)
}
