/**
 * Batches beyond one process: an API that splits its batches into jobs and prices none itself, and two
 * `npm run pricing-worker` processes sharing the jobs. The batch answers exactly what an unsplit batch answers,
 * every part is priced once, by both workers between them, and the workers drain and exit 0 on SIGTERM.
 */
import t from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { build, buildInstance, body } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { waitFor } from '../helpers/wait.ts'

const CLI = fileURLToPath(new URL('../../src/risk/pricing-worker-cli.ts', import.meta.url))
const MISSING = '00000000-0000-4000-8000-000000000000'

function worker(
  t: { teardown(fn: () => unknown): void },
  databaseUrl: string,
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import=tsx', CLI], {
    // the bounds of a pricing task are the test's own, far beyond its answers: a first pricing thread starting under
    // tsx beside other test files must not meet the service's 10 s
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      PRICER_THREADS: '1',
      PRICER_QUEUE_TIMEOUT_MS: '120000',
      PRICER_TASK_TIMEOUT_MS: '120000',
      LOAD_DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  return { child, output: () => out }
}

// two worker processes start under tsx here: slow on a loaded 2-core CI machine
t.setTimeout(240_000)

const completions = (out: string) =>
  out.split('\n').filter((line) => line.includes('"msg":"pricing job completed"')).length

t.test('two pricing workers share the parts of a split batch; the answer equals the unsplit one', async (t) => {
  const { app, db } = await build(t, {
    bundle: 'demo',
    env: { PRICING_BATCH_JOB_SIZE: '1', PRICING_WORKER_IN_PROCESS: 'false' },
  })
  const whole = await buildInstance(t, db, { env: { PRICING_BATCH_JOB_SIZE: '0' } })
  const workers = [worker(t, db.url), worker(t, db.url)]
  for (const w of workers) {
    await waitFor(() => w.output().includes('"msg":"pricing worker ready"'), { timeoutMs: 120_000, intervalMs: 100 })
    t.match(w.output(), /"msg":"pricing worker ready"/, 'a worker is up')
  }
  // the queue needs a moment to report itself usable to the API (its event stream connects on Redis ready)
  await waitFor(() => app.pricingJobs.splits(2))
  t.ok(app.pricingJobs.splits(2), 'the API splits batches above one asset')

  const uids = [...(readDemoBundle() as { assets: { uid: string }[] }).assets.map((a) => a.uid), MISSING]
  const payload = { valuation_date: '2026-11-20', market_data_set: 'default', operation: 'analytics', asset_uids: uids }
  const split = await app.inject({ method: 'POST', url: '/api/v1/pricing/batch/', payload })
  const unsplit = await whole.inject({ method: 'POST', url: '/api/v1/pricing/batch/', payload })
  t.equal(split.statusCode, 200, 'the split batch answers')
  t.same(body(split), body(unsplit), 'the split batch answers exactly what one process answers')
  t.ok(
    (body(split).results as { status: number }[]).some((r) => r.status === 404),
    'failing assets stay items',
  )

  await waitFor(() => completions(workers[0].output()) + completions(workers[1].output()) >= uids.length)
  const [a, b] = workers.map((w) => completions(w.output()))
  t.equal(a + b, uids.length, `every part priced once (${a} + ${b})`)
  t.ok(a > 0 && b > 0, 'by both workers')

  // listen before signalling: a worker that exits while the other is awaited must not be missed
  const exits = workers.map((w) =>
    w.child.exitCode !== null ? Promise.resolve([w.child.exitCode]) : once(w.child, 'exit'),
  )
  for (const w of workers) w.child.kill('SIGTERM')
  for (const exit of exits) {
    const [code] = await exit
    t.equal(code, 0, 'a worker drains and exits 0')
  }
})
