/**
 * The real entry point (src/server.ts) on its own database: it serves, and SIGTERM stops accepting HTTP connections,
 * then closes the pricing pool, then the bulk queue (draining its worker), then the database, and exits 0.
 */
import t from 'tap'
import { spawn } from 'node:child_process'
import { freePort } from '../helpers/tcp-proxy.ts'
import { fileURLToPath } from 'node:url'
import { createTestDatabase } from '../helpers/database.ts'
import { waitFor } from '../helpers/wait.ts'

/** src/server.ts on a database of its own, its standard output a pipe; killed at teardown. */
async function startServer(
  t: { teardown(fn: () => unknown): void },
  env: Record<string, string>,
  stderr: 'inherit' | 'ignore',
) {
  const db = await createTestDatabase(t)
  const port = await freePort()
  const server = fileURLToPath(new URL('../../src/server.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import=tsx', server], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      LOAD_DEMO_DATA: 'false',
      PRICER_THREADS: '1',
      BULK_QUEUE_PREFIX: `fi-shutdown-${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', stderr],
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  t.teardown(() => child.kill('SIGKILL'))
  return { child, port, exited }
}

t.test('SIGTERM closes HTTP, pool, queue and database in that order and exits 0', async (t) => {
  const { child, port, exited } = await startServer(t, { LOG_LEVEL: 'info' }, 'inherit')
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))

  let health = 0
  // a server starting under tsx beside other test files: its own time, however long
  await waitFor(
    async () =>
      (health = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.status,
        () => 0,
      )) === 200,
    { timeoutMs: 120_000, intervalMs: 100 },
  )
  t.equal(health, 200, 'serves /health')
  child.kill('SIGTERM')
  t.equal(await exited, 0, 'exits 0')
  // by time: pino's asynchronous writes may land out of order when the process exits right after logging
  const lines = out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; time: number })
  const messages = lines.sort((a, b) => a.time - b.time).map((line) => line.msg)
  const at = (msg: string) => messages.indexOf(msg)
  t.ok(at('shutting down') >= 0, 'logs the signal')
  t.ok(
    at('shutting down') < at('pricing pool closed'),
    'the pool closes after the signal (Fastify stops accepting connections first)',
  )
  t.ok(at('pricing pool closed') < at('bulk queue closed'), 'queue after the pool')
  t.ok(at('bulk queue closed') < at('database pool closed'), 'database last')
  t.equal(
    await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.status,
      () => 0,
    ),
    0,
    'no longer listening',
  )
})

// a supervisor that stops reading the process's output (its pipe full) must not keep it alive after SIGTERM
t.test('SIGTERM exits within SHUTDOWN_TIMEOUT_MS when nobody reads the log', async (t) => {
  // stdout is a pipe nobody reads: it fills after ~64 KB of log
  const { child, port, exited } = await startServer(t, { LOG_LEVEL: 'debug', SHUTDOWN_TIMEOUT_MS: '3000' }, 'ignore')
  const health = () =>
    fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.status,
      () => 0,
    )
  await waitFor(async () => (await health()) === 200, { timeoutMs: 120_000, intervalMs: 100 })
  // each request logs two lines at debug level: ~1 MB in all, far past what the pipe holds (64 KB)
  for (let i = 0; i < 20; i++) await Promise.all(Array.from({ length: 50 }, health))
  t.equal(await health(), 200, 'serves while its log waits')
  const sent = Date.now()
  child.kill('SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const running = new Promise<'running'>((r) => (timer = setTimeout(() => r('running'), 60_000)))
  const code = await Promise.race([exited, running])
  clearTimeout(timer)
  t.not(code, 'running', `exited (after ${Date.now() - sent} ms)`)
})
