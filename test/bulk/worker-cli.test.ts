/** `npm run worker` (src/bulk/worker-cli.ts) processes the jobs of an API that runs without its own processor. */
import t from 'tap'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { body } from '../helpers/app.ts'
import { buildBulk, explicit } from './app.ts'
import * as fx from './fixtures.ts'
import { waitFor } from '../helpers/wait.ts'

const CLI = fileURLToPath(new URL('../../src/bulk/worker-cli.ts', import.meta.url))

t.test('a standalone worker deletes, then drains and exits 0 on SIGTERM', async (t) => {
  const { app, db, prefix } = await buildBulk(t, { env: { BULK_WORKER_IN_PROCESS: 'false' } })
  const child = spawn(process.execPath, ['--import=tsx', CLI], {
    env: { ...process.env, DATABASE_URL: db.url, BULK_QUEUE_PREFIX: prefix, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  const uids = await fx.portfolioGroups(db.sql, 3)
  const r = await app.inject({ method: 'POST', url: '/api/v1/portfolio-group/bulk-delete/', payload: explicit(uids) })
  t.equal(r.statusCode, 200)
  t.same(body(r), { detail: 'Deleted 3 portfolio groups.', deleted_count: 3 })
  // the worker's log line may reach this process after the API's answer
  await waitFor(() => /"msg":"bulk-delete job completed"/.test(output))
  t.match(output, /"msg":"bulk-delete job completed"/)
  child.kill('SIGTERM')
  const [code] = await once(child, 'exit')
  t.equal(code, 0)
  t.match(output, /"msg":"draining bulk worker"/)
})
