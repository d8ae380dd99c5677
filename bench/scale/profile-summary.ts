/**
 * Where the time goes in a V8 CPU profile (`node --cpu-prof`): self time by function and file, largest first.
 * With the scale benchmark: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench -- scale --only pricing,
 * then for each profile written (one per thread: the main thread and every pricing worker):
 *
 *   node --import=tsx bench/scale/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [--top 25]
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

const { values, positionals } = parseArgs({ options: { top: { type: 'string', default: '25' } }, allowPositionals: true })
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)
    if (!node) return
    const { functionName, url, lineNumber } = node.callFrame
    const where = url ? `${url.replace(/^.*\/(node_modules|src|workers)\//, '$1/')}:${lineNumber + 1}` : ''
    const key = `${functionName || '(anonymous)'} ${where}`.trim()
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const idle = self.get('(idle)') ?? 0
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * (total - idle)) / total).toFixed(0)}% busy`)
  for (const [key, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1e3).toFixed(0).padStart(7)} ms  ${key}`)
  }
}
