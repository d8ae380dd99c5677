/**
 * What every section of `npm run bench -- scale` receives: the scale database and the demo database, each
 * served by its own API process (a child `src/server.ts`, so its RSS is the server's alone), and the helpers
 * the sections share: sequential p50/p99 timing, HTTP load from a separate process, /metrics reading.
 *
 * A section is a file in bench/scale/sections/ exporting
 *   export async function section(ctx: ScaleContext): Promise<Figure[]>
 * Each figure is one measurement on the scale database, optionally beside the same measurement on the demo
 * database, with the target the issue sets for it (on the scale value).
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Sql } from '../../src/db/client.ts'
import { freePort } from '../../test/helpers/tcp-proxy.ts'

export type Target = { max: number } | { min: number }

export interface Figure {
  /** what was measured, e.g. "listAssets first page p50" */
  name: string
  /** ms, req/s, %, MiB, s … */
  unit: string
  /** measured on the scale database */
  scale: number
  /** the same measurement on the demo database, when it means something there */
  demo?: number
  /** the target on the scale value; absent: the figure is informational */
  target?: Target
  note?: string
}

export interface Server {
  readonly label: 'scale' | 'demo'
  readonly databaseUrl: string
  /** e.g. http://127.0.0.1:15550 (no trailing slash) */
  readonly base: string
  readonly pid: number
  /** the server process's resident set (its pricing threads included), MiB */
  /** resident memory now (VmRSS), or with `peak` the most it has held since it started (VmHWM) */
  rssMiB(peak?: boolean): number
  /** CPU seconds used so far: by the main thread, and by all the others (pricing threads, V8's GC helpers, libuv) */
  cpuSeconds(): { main: number; others: number }
  /** GET /metrics text */
  metrics(): Promise<string>
  /** stops and starts the process again (cold caches, fresh heap), same port */
  restart(): Promise<void>
  /**
   * how long its start-up warm-up ran after /health first answered (every start waits for it: nothing is measured
   * meanwhile)
   */
  readonly warmUpSeconds: number
}

export interface Timing {
  n: number
  p50: number
  p99: number
  mean: number
  max: number
}

export interface LoadRequest {
  url: string
  /** GET when absent */
  method?: 'GET' | 'POST' | 'DELETE'
  body?: unknown
}

export interface LoadResult {
  count: number
  seconds: number
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

export interface ScaleContext {
  scale: Server
  demo: Server
  /** direct database access (for picking uids, EXPLAIN …), small pools */
  sql: { scale: Sql; demo: Sql }
  /** options the runner did not consume (`--key value` pairs), for sections that take their own */
  args: Record<string, string>
  /** runs fn `warmup` times untimed, then `n` times one after the other; latencies in ms */
  sequential(fn: () => Promise<unknown>, options?: { n?: number; warmup?: number }): Promise<Timing>
  /** sequential timing of one GET (status must be 2xx, else it throws with the body) */
  timeGet(url: string, options?: { n?: number; warmup?: number }): Promise<Timing>
  /** sends every request once, in order, over `concurrency` keep-alive connections, from a separate process */
  load(requests: LoadRequest[], concurrency?: number): Promise<LoadResult>
  log(message: string): void
}

/** The value of one sample in a Prometheus text exposition, NaN when absent. */
export function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line)
    if (!match || match[1] !== name) continue
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(match[3])
  }
  return NaN
}

export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]

export async function sequential(
  fn: () => Promise<unknown>,
  options: { n?: number; warmup?: number } = {},
): Promise<Timing> {
  const n = options.n ?? 50
  for (let i = 0; i < (options.warmup ?? 3); i++) await fn()
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await fn()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return {
    n,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    mean: times.reduce((a, b) => a + b, 0) / n,
    max: times[n - 1],
  }
}

export async function timeGet(url: string, options: { n?: number; warmup?: number } = {}): Promise<Timing> {
  return sequential(async () => {
    const res = await fetch(url)
    const body = await res.text()
    if (res.status < 200 || res.status >= 300)
      throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`)
  }, options)
}

const CLIENT = fileURLToPath(new URL('../batch/client.ts', import.meta.url))
const exec = promisify(execFile)
let loadDir: string | undefined

export async function load(requests: LoadRequest[], concurrency = 50): Promise<LoadResult> {
  loadDir ??= mkdtempSync(join(tmpdir(), 'bench-scale-'))
  const file = join(loadDir, 'requests.json')
  writeFileSync(file, JSON.stringify(requests))
  const started = process.hrtime.bigint() / 1000n
  const { stdout } = await exec(process.execPath, ['--import=tsx', CLIENT, file, String(concurrency)], {
    maxBuffer: 1 << 24,
  })
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadResult
  // BENCH_LOAD_WINDOWS: each load's window in µs of the monotonic clock V8's CPU profiles are stamped with (their
  // startTime), to cut a server's profile into loads: profile-summary.ts --from --to --per
  if (process.env.BENCH_LOAD_WINDOWS)
    process.stderr.write(
      `load window ${started} ${process.hrtime.bigint() / 1000n} µs, ${requests.length} requests, first ` +
        `${requests[0]?.url ?? '-'}\n`,
    )
  return result
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * How a server starts: as `npm start` runs it, the build (dist/, compiled by tsc; built first if a source is newer),
 * or with BENCH_SERVER=src from the TypeScript sources under tsx, whose esbuild transform keeps function names by
 * a call at each closure's creation and which loads its own transformer in every pricing thread.
 */
function serverCommand(): string[] {
  if (process.env.BENCH_SERVER === 'src') return ['--import=tsx', join(ROOT, 'src/server.ts')]
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' })
  if (built.status !== 0) throw new Error('npm run build failed: no server to start')
  return [join(ROOT, 'dist/src/server.js')]
}

/** An API process on `databaseUrl` (migrated at start; the demo bundle loaded when the database is empty). */
export async function startServer(
  label: 'scale' | 'demo',
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
  port?: number,
): Promise<Server & { stop(): Promise<void> }> {
  const listenPort = port ?? (await freePort())
  const base = `http://127.0.0.1:${listenPort}`
  let child: ChildProcess
  let warmUpSeconds = 0
  const command = serverCommand()
  const launch = async () => {
    // BENCH_SERVER_NODE_ARGS: extra node options for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
    const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)
    child = spawn(process.execPath, [...extra, ...command], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...env,
        HOST: '127.0.0.1',
        PORT: String(listenPort),
        DATABASE_URL: databaseUrl,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    // never leave a server behind when the benchmark dies
    const current = child
    process.once('exit', () => current.kill('SIGKILL'))
    // a database built before a migration is migrated at start: 0090-0091 take minutes on a million assets
    const deadline = Date.now() + 900_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the ${label} server exited with ${child.exitCode}`)
      try {
        if ((await fetch(`${base}/health`)).ok) {
          // the start-up warm-up (PRICING_PREWARM_*) runs in the background: wait for it, so that it is measured
          // nowhere
          const healthy = Date.now()
          while (
            /^pricing_prewarm_running 1/m.test(await (await fetch(`${base}/metrics`)).text()) &&
            Date.now() - healthy < 300_000
          ) {
            await new Promise((resolve) => setTimeout(resolve, 200))
          }
          warmUpSeconds = (Date.now() - healthy) / 1000
          return
        }
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the ${label} server did not answer /health within 900 s`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  await launch()
  return {
    label,
    databaseUrl,
    base,
    get pid() {
      return child.pid ?? 0
    },
    get warmUpSeconds() {
      return warmUpSeconds
    },
    cpuSeconds() {
      // utime + stime (fields 14 and 15) in clock ticks of 1/100 s (USER_HZ on Linux): the process's own stat counts
      // every thread it has had, ended ones included; the main thread's tid is the pid
      const ticks = (path: string) => {
        const stat = readFileSync(path, 'utf8')
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        return (Number(fields[11]) + Number(fields[12])) / 100
      }
      const all = ticks(`/proc/${child.pid}/stat`)
      const main = ticks(`/proc/${child.pid}/task/${child.pid}/stat`)
      return { main, others: all - main }
    },
    rssMiB(peak = false) {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kb = Number((peak ? /VmHWM:\s+(\d+)/ : /VmRSS:\s+(\d+)/).exec(status)?.[1] ?? NaN)
      return kb / 1024
    },
    async metrics() {
      return (await fetch(`${base}/metrics`)).text()
    },
    async restart() {
      await stop()
      await launch()
    },
    stop,
  }
}
