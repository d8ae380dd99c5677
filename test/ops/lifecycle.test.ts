/**
 * The process as operators run it. `npm start` (which builds dist/ when stale and runs the JavaScript) with
 * requests in flight gets SIGTERM: every request completes, the drain is logged, and no process of the group is
 * left (before the build step, tsx left a child serving). At start, an unreachable PostgreSQL or Redis (a relay
 * that drops packets) prints one clear line within the connect timeout instead of hanging silently.
 */
import t from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import { createTestDatabase } from '../helpers/database.ts'
import { TcpProxy } from '../helpers/tcp-proxy.ts'
import { sleep, waitFor } from '../helpers/wait.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const API_PORT = 15430
const DB_HOLE_PORT = 15431
const REDIS_HOLE_PORT = 15432
const START_PORT = 15438
const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432'

t.setTimeout(300_000)

interface Run {
  child: ChildProcess
  out: () => string
  err: () => string
  exited: Promise<number | null>
}

function run(command: string, args: string[], env: Record<string, string>): Run {
  // its own process group, so the test can tell whether anything of it is left
  // as an operator would start it: without the test runner's variables and loaders (tap passes its loaders to
  // every node it spawns through NODE_OPTIONS; `env -u` drops them)
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^_?TAP/.test(key)))
  // the bounds of a pricing request are the test's own, far beyond its answers (the service's 10 s would be a bound
  // on the machine's speed: 24 batches of the book queue for one thread)
  const bounds = { PRICER_QUEUE_TIMEOUT_MS: '120000', PRICER_TASK_TIMEOUT_MS: '120000' }
  const child = spawn('env', ['-u', 'NODE_OPTIONS', command, ...args], {
    cwd: ROOT,
    env: { ...clean, LOG_LEVEL: 'info', PRICER_THREADS: '1', ...bounds, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let out = ''
  let err = ''
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  t.teardown(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  })
  return { child, out: () => out, err: () => err, exited }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

const messages = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; time: number; in_flight?: number; drained?: number })
    .sort((a, b) => a.time - b.time)

t.test(
  'npm start: SIGTERM with requests in flight lets them complete, logs the drain, leaves no process',
  async (t) => {
    const db = await createTestDatabase(t, { demo: true })
    const uids = (await db.sql<{ uid: string }[]>`select asset_uid::text as uid from asset_pricing_details`).map(
      (r) => r.uid,
    )
    // without the start-up warm-up of the instruments: the first requests rebuild theirs, which keeps them in flight
    // long enough for the test to see them all before it sends SIGTERM
    // the drain's bound is the test's own too: 24 batches of the book take longer than the service's 15 s on a busy
    // machine
    const server = run('npm', ['start'], {
      DATABASE_URL: db.url,
      PORT: String(API_PORT),
      LOAD_DEMO_DATA: 'false',
      BULK_QUEUE_PREFIX: `fi-lifecycle-${API_PORT}`,
      PRICING_PREWARM_INSTRUMENTS: 'false',
      SHUTDOWN_TIMEOUT_MS: '120000',
    })
    const base = `http://127.0.0.1:${API_PORT}`
    let health = 0
    // the first run builds dist/ (prestart)
    for (let i = 0; i < 900 && health !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200))
      health = await fetch(`${base}/health`).then(
        (r) => r.status,
        () => 0,
      )
    }
    t.equal(health, 200, 'serving')
    if (health !== 200) console.error(server.err())

    // each batch prices the book 20 times over: long enough to be seen in flight however fast a warm service prices
    const assetUids = Array.from({ length: 20 }, () => uids).flat()
    const payload = JSON.stringify({
      valuation_date: '2026-11-20',
      market_data_set: 'default',
      operation: 'analytics',
      asset_uids: assetUids,
    })
    const inFlight = Array.from({ length: 24 }, () =>
      fetch(`${base}/api/v1/pricing/batch/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      }).then(
        async (r) => ({ status: r.status, items: ((await r.json()) as { results?: unknown[] }).results?.length ?? 0 }),
        (error: Error) => ({ status: 0, items: 0, error: error.message }),
      ),
    )
    // until the server has them all (its /ready counts requests in flight, itself included)
    const received = async () =>
      (
        (await fetch(`${base}/ready`).then(
          (r) => r.json(),
          () => ({}),
        )) as { in_flight?: number }
      ).in_flight ?? 0
    let seen = 0
    await waitFor(async () => (seen = await received()) > inFlight.length, { intervalMs: 5 })
    t.ok(seen > inFlight.length, `the server holds all ${inFlight.length} requests (saw ${seen - 1})`)
    server.child.kill('SIGTERM')
    const answers = await Promise.all(inFlight)
    t.same(
      answers.filter((a) => a.status !== 200 || a.items !== assetUids.length),
      [],
      `all ${answers.length} requests in flight completed`,
    )
    const code = await server.exited
    t.equal(code, 0, 'npm exits 0')
    if (code !== 0) console.error(messages(server.out()).slice(-8), server.err().slice(-2000))
    await waitFor(() => !groupAlive(server.child.pid!), { intervalMs: 100 })
    t.notOk(groupAlive(server.child.pid!), 'no process of npm start is left')
    t.equal(
      await fetch(`${base}/health`).then(
        (r) => r.status,
        () => 0,
      ),
      0,
      'nothing listens any more',
    )

    const log = messages(server.out())
    const shutting = log.find((m) => m.msg === 'shutting down')
    t.ok(shutting && (shutting.in_flight ?? 0) > 0, `the drain starts with ${shutting?.in_flight} requests in flight`)
    t.ok(
      log.some((m) => m.msg === 'requests drained'),
      'the drain is logged',
    )
    t.ok(
      log.some((m) => m.msg === 'shutdown complete'),
      'the shutdown completes',
    )
  },
)

t.test('npm start on a missing database says once that it created it and loaded the demo', async (t) => {
  const name = `fi_start_${process.pid}_${Date.now()}`
  const admin = postgres(`${SERVER_URL}/postgres`, { max: 1, onnotice: () => {} })
  t.teardown(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end({ timeout: 5 })
  })
  const server = run('npm', ['start'], {
    DATABASE_URL: `${SERVER_URL}/${name}`,
    PORT: String(START_PORT),
    BULK_QUEUE_PREFIX: `fi-start-${START_PORT}`,
    PRICING_PREWARM_INSTRUMENTS: 'false',
  })
  let health = 0
  for (let i = 0; i < 900 && health !== 200; i++) {
    await new Promise((r) => setTimeout(r, 200))
    health = await fetch(`http://127.0.0.1:${START_PORT}/health`).then(
      (r) => r.status,
      () => 0,
    )
  }
  t.equal(health, 200, 'serving')
  server.child.kill('SIGTERM')
  await server.exited
  const said = messages(server.out()).map((m) => String(m.msg))
  t.equal(
    said.filter((m) => m.startsWith(`created database 127.0.0.1:5432/${name}`)).length,
    1,
    'the database was created',
  )
  t.equal(said.filter((m) => m.startsWith('applied ') && m.includes('migration')).length, 1, 'its migrations applied')
  t.equal(said.filter((m) => m.startsWith('loaded the demo bundle')).length, 1, 'the demo loaded')
})

t.test('at start, PostgreSQL that drops packets: one line within the connect timeout, exit 1', async (t) => {
  const hole = await new TcpProxy(DB_HOLE_PORT, { host: '127.0.0.1', port: 5432 }).start()
  await hole.set('blackhole')
  t.teardown(() => hole.close())
  const started = Date.now()
  const server = run(process.execPath, ['dist/src/server.js'], {
    DATABASE_URL: `postgres://someone:secret@127.0.0.1:${DB_HOLE_PORT}/nowhere`,
    DB_CONNECT_TIMEOUT_MS: '1000',
    PORT: String(API_PORT),
  })
  t.equal(await server.exited, 1)
  t.ok(Date.now() - started < 15_000, `stopped after ${Date.now() - started} ms`)
  const lines = server.err().trim().split('\n')
  if (lines.length !== 1) console.error(server.err())
  t.same(lines, [
    `cannot prepare PostgreSQL at 127.0.0.1:${DB_HOLE_PORT}/nowhere: no answer within the connect timeout`,
  ])
})

t.test('at start, Redis that drops packets: one line, and the API serves', async (t) => {
  const db = await createTestDatabase(t)
  const hole = await new TcpProxy(REDIS_HOLE_PORT, { host: '127.0.0.1', port: 6379 }).start()
  await hole.set('blackhole')
  t.teardown(() => hole.close())
  const server = run(process.execPath, ['dist/src/server.js'], {
    DATABASE_URL: db.url,
    REDIS_URL: `redis://127.0.0.1:${REDIS_HOLE_PORT}`,
    PORT: String(API_PORT),
    LOAD_DEMO_DATA: 'false',
  })
  let health = 0
  for (let i = 0; i < 200 && health !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100))
    health = await fetch(`http://127.0.0.1:${API_PORT}/health`).then(
      (r) => r.status,
      () => 0,
    )
  }
  t.equal(health, 200)
  // ioredis gives up on a connection after its connect timeout (2 s): the line comes then, and every connection,
  // each started at boot, has given up within the same 2 s (a second line would come by then)
  const redisMessages = () => messages(server.out()).filter((m) => /Redis/.test(m.msg))
  await waitFor(() => redisMessages().length > 0, { intervalMs: 100 })
  await sleep(2_500)
  const redisLines = redisMessages()
  t.equal(redisLines.length, 1, 'one line for all connections')
  if (redisLines.length !== 1) console.error(messages(server.out()).map((m) => m.msg))
  t.match(redisLines[0]?.msg, `Redis at 127.0.0.1:${REDIS_HOLE_PORT} is unreachable`)
  const ready = await fetch(`http://127.0.0.1:${API_PORT}/ready`)
  t.equal(ready.status, 200, 'ready: Redis is optional')
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 0)
})
