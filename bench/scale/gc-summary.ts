/**
 * The collections of each load of a scale benchmark run from V8's GC trace, per isolate kind: the main thread and
 * the pricing threads (worker isolates). Run the benchmark with
 * BENCH_SERVER_NODE_ARGS="--trace-gc" BENCH_LOAD_WINDOWS=1 npm run bench -- scale --only pricing ... > run.log 2>&1,
 * then:
 *
 *   node --import=tsx bench/scale/gc-summary.ts run.log
 *
 * The servers' trace lines and the benchmark's `load window` lines share the log, in order: the collections printed
 * before a window's line happened during that load (or in the benchmark's pause before it). A trace line names its
 * process and isolate, `[pid:0x…]`; a process's first isolate is its main thread.
 */
import { readFileSync } from 'node:fs'

interface Tally {
  scavenges: number
  scavengeMs: number
  markCompacts: number
  markCompactMs: number
}
const empty = (): Tally => ({ scavenges: 0, scavengeMs: 0, markCompacts: 0, markCompactMs: 0 })

const [file] = process.argv.slice(2)
if (!file) throw new Error('usage: gc-summary.ts run.log')
const mainIsolate = new Map<string, string>()
let main = empty()
let workers = empty()
const line = (t: Tally) =>
  `${t.scavenges} scavenges ${t.scavengeMs.toFixed(0)} ms (${(t.scavengeMs / Math.max(1, t.scavenges)).toFixed(2)} ` +
  `each), ${t.markCompacts} mark-compacts ${t.markCompactMs.toFixed(0)} ms`
for (const text of readFileSync(file, 'utf8').split('\n')) {
  const window = /^load window (\d+) (\d+) µs, (\d+) requests, first (\S+)/.exec(text)
  if (window) {
    console.log(
      `${window[3]} requests (${window[4].replace(/^https?:\/\/[^/]+/, '')}): main ${line(main)}; pricing threads ` +
        `${line(workers)}`,
    )
    main = empty()
    workers = empty()
    continue
  }
  const gc = /^\[(\d+):(0x[0-9a-f]+)\]\s+\d+ ms: (Scavenge|Mark-Compact)\b.*?MB, ([\d.]+) \//.exec(text)
  if (!gc) continue
  const [, pid, isolate, kind, ms] = gc
  if (!mainIsolate.has(pid)) mainIsolate.set(pid, isolate)
  const t = mainIsolate.get(pid) === isolate ? main : workers
  if (kind === 'Scavenge') {
    t.scavenges++
    t.scavengeMs += Number(ms)
  } else {
    t.markCompacts++
    t.markCompactMs += Number(ms)
  }
}
