/**
 * The scale-out topology of docs/operations.md "Scaling" on one machine: two API processes (the real entry point, no
 * bulk processor of their own) and a separate bulk worker process, on one database and one Redis.
 * - Cache invalidation reaches across instances: both price a floater (their caches warm), a write through
 *   instance A re-binds its curves, and instance B, which did not write, prices what A prices (PostgreSQL NOTIFY).
 * - Each bulk job runs exactly once: deletes sent to both instances at once are all done by the worker, one run
 *   per job (its log and the bulk_delete_runs table), each answering what it deleted.
 */
import t from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { createTestDatabase } from '../helpers/database.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import * as fx from '../bulk/fixtures.ts'
import { waitFor } from '../helpers/wait.ts'

t.setTimeout(240_000)

const PORTS = [15445, 15446]
const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url))
const WORKER = fileURLToPath(new URL('../../src/bulk/worker-cli.ts', import.meta.url))
const FRN = '138fe3e2-b549-5390-868b-7ca3ba030ef3' // BANKCO-FRN-SOFR-2029-03-20
const CURVE_NODE = '1ce4b99c-a2b9-57b1-ba4b-dc2e76ce956e'
const CURVES_BINDING = 'bc47668f-18f0-5ea7-9e40-a66835c5e3a1'
const SHADOW_NODE = '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'
const REQUEST = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }

const db = await createTestDatabase(t, { demo: true })
// curve observations on a second storage node, 20 bp higher: a binding moved onto it changes every price on it
const demo = readDemoBundle() as { curve_observations: { data_node_uid: string; nodes: { zero: number }[] }[] }
await loadBundle(db.sql, {
  data_nodes: [{ uid: SHADOW_NODE, storage_table_identifier: 'discount_curves_scale_out', kind: 'discount_curves' }],
  curve_observations: demo.curve_observations
    // the yield curves (an inflation curve's nodes are dated rates)
    .filter((o) => o.data_node_uid === CURVE_NODE && 'zero' in o.nodes[0])
    .map((o) => ({ ...o, data_node_uid: SHADOW_NODE, nodes: o.nodes.map((n) => ({ ...n, zero: n.zero + 0.002 })) })),
})

const env = {
  ...process.env,
  DATABASE_URL: db.url,
  BULK_QUEUE_PREFIX: `fi-scale-out-${randomBytes(4).toString('hex')}`,
  BULK_WORKER_IN_PROCESS: 'false',
  PRICING_WORKER_IN_PROCESS: 'false',
  LOAD_DEMO_DATA: 'false',
  PRICER_THREADS: '1',
  // the bounds of a pricing request are the test's own, far beyond its answers: three processes starting under tsx
  // beside other test files can keep a first pricing thread from starting within the service's 10 s
  PRICER_QUEUE_TIMEOUT_MS: '120000',
  PRICER_TASK_TIMEOUT_MS: '120000',
  LOG_LEVEL: 'info',
}

function start(file: string, extra: Record<string, string>): { child: ChildProcess; out: () => string } {
  const child = spawn(process.execPath, ['--import=tsx', file], {
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  return { child, out: () => out }
}

const apis = PORTS.map((port) => start(SERVER, { PORT: String(port) }))
const worker = start(WORKER, {})
const base = PORTS.map((port) => `http://127.0.0.1:${port}`)

const post = (url: string, payload: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) }).then(
    async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }),
  )

async function price(instance: number): Promise<number> {
  const r = await post(`${base[instance]}/api/v1/pricing/assets/${FRN}/price/`, REQUEST)
  if (r.status !== 200) throw new Error(`pricing on instance ${instance}: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.price as number
}

t.before(async () => {
  const up = await waitFor(
    async () => {
      const ready = await Promise.all(
        base.map((b) =>
          fetch(`${b}/ready`).then(
            (r) => r.status === 200,
            () => false,
          ),
        ),
      )
      return ready.every(Boolean) && /"msg":"bulk worker ready"/.test(worker.out())
    },
    { timeoutMs: 180_000, intervalMs: 100 },
  )
  if (!up) throw new Error('the instances or the worker did not start')
})

t.test('a write through one instance reaches the pricing caches of the other', async (t) => {
  const before = [await price(0), await price(1)]
  t.equal(before[0], before[1], 'both instances price alike (caches warm)')
  const patch = await fetch(`${base[0]}/api/v1/pricing/market_data/bindings/${CURVES_BINDING}/`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data_node_uid: SHADOW_NODE }),
  })
  t.equal(patch.status, 200, 'instance A re-binds the curves')
  const after = await price(0)
  t.not(after, before[0], 'instance A prices on the new curves at once')
  // B learns of the commit through PostgreSQL NOTIFY: asynchronous, well within a second on an idle machine
  t.ok(
    await waitFor(async () => (await price(1)) === after, { intervalMs: 100 }),
    'instance B, which did not write, prices what A prices',
  )
})

t.test('bulk deletes sent to both instances run exactly once each, on the separate worker', async (t) => {
  const uids = await fx.portfolios(db.sql, 16)
  const selections = Array.from({ length: 8 }, (_, i) => uids.slice(2 * i, 2 * i + 2))
  const answers = await Promise.all(
    selections.map((selection, i) =>
      post(`${base[i % 2]}/api/v1/portfolio/bulk-delete/`, {
        selection: { mode: 'explicit', uids: selection },
        options: {},
      }),
    ),
  )
  t.same(
    answers.map((a) => [a.status, a.body.deleted_count]),
    selections.map(() => [200, 2]),
    'every delete answers 200 with its own 2 portfolios',
  )
  t.equal(await fx.count(db.sql, 'portfolios', uids), 0, 'every portfolio is gone')

  const runs = await db.sql<{ job_id: string }[]>`select job_id from bulk_delete_runs`
  t.equal(runs.length, 8, 'one committed run per job')
  t.ok(await waitFor(() => (worker.out().match(/"msg":"bulk-delete job completed"/g) ?? []).length >= 8))
  const completed = worker
    .out()
    .split('\n')
    .filter((l) => l.includes('"msg":"bulk-delete job completed"'))
    .map((l) => (JSON.parse(l) as { job: string }).job)
  t.equal(completed.length, 8, 'the worker completed 8 jobs')
  t.equal(new Set(completed).size, 8, 'each job once')
  t.same(new Set(completed), new Set(runs.map((r) => r.job_id)), 'the jobs the worker ran are the runs committed')
  for (const api of apis) t.notMatch(api.out(), /bulk-delete job completed/, 'no API instance processed a job')
})

t.test('each process stops cleanly', async (t) => {
  for (const p of [...apis, worker]) {
    const exited = new Promise<number | null>((resolve) => p.child.on('exit', (code) => resolve(code)))
    p.child.kill('SIGTERM')
    t.equal(await exited, 0)
  }
})
