/**
 * Redis lost while the service runs, on a private redis-server (port 15435; the shared Redis is never touched),
 * reached through a relay (15436) that can also drop packets. Killed, then blackholed: bulk deletes answer 503
 * with Retry-After in bounded time and delete nothing, every other route keeps serving, /ready stays 200 and
 * reports Redis down. Back, bulk deletes work again without a restart.
 */
import t, { type Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { body } from '../helpers/app.ts'
import { TcpProxy } from '../helpers/tcp-proxy.ts'
import { buildBulk, explicit } from '../bulk/app.ts'
import * as fx from '../bulk/fixtures.ts'

const REDIS_PORT = 15435
const RELAY_PORT = 15436

t.setTimeout(180_000)

let redis: ChildProcess | null = null
async function startRedis(): Promise<void> {
  const child = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  redis = child
  for (let i = 0; i < 50; i++) {
    const up = await fetch(`http://127.0.0.1:${REDIS_PORT}`).then(
      () => true,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED',
    )
    if (up) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('redis-server did not start')
}
function killRedis(): Promise<void> {
  const child = redis
  redis = null
  if (!child || child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}
t.teardown(killRedis)

await startRedis()
const relay = await new TcpProxy(RELAY_PORT, { host: '127.0.0.1', port: REDIS_PORT }).start()
t.teardown(() => relay.close())
const { app, db } = await buildBulk(t, { bundle: 'demo', env: { REDIS_URL: `redis://127.0.0.1:${RELAY_PORT}` } })
const [asset] = await db.sql<{ uid: string }[]>`select asset_uid::text as uid from asset_pricing_details limit 1`

const bulkDelete = async () => {
  const uids = await fx.portfolios(db.sql, 2)
  const started = Date.now()
  const r = await app.inject({ method: 'POST', url: '/api/v1/portfolio/bulk-delete/', payload: explicit(uids) })
  return { r, ms: Date.now() - started, left: await fx.count(db.sql, 'portfolios', uids) }
}

async function ready(): Promise<{ status: number; redis: string }> {
  const r = await app.inject({ method: 'GET', url: '/ready' })
  return {
    status: r.statusCode,
    redis: (JSON.parse(r.body) as { checks: { redis: { status: string } } }).checks.redis.status,
  }
}

async function othersServe(t: Test): Promise<void> {
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/portfolio/' })).statusCode, 200, 'lists serve')
  const price = await app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${asset.uid}/price/`,
    payload: { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' },
  })
  t.equal(price.statusCode, 200, 'pricing serves')
  t.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 200, 'metrics serve')
}

async function bulkBack(): Promise<Awaited<ReturnType<typeof bulkDelete>>> {
  // reconnects back off to at most 5 s; the worker's fetch loop retries every 2 s (a bound far beyond both: a busy
  // machine's, not the service's)
  const deadline = Date.now() + 60_000
  let last = await bulkDelete()
  while (last.r.statusCode !== 200 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250))
    last = await bulkDelete()
  }
  return last
}

t.test('up: a bulk delete runs', async (t) => {
  const { r, left } = await bulkDelete()
  t.equal(r.statusCode, 200, r.body)
  t.equal(left, 0)
  t.same(await ready(), { status: 200, redis: 'ok' })
})

t.test(
  'redis-server killed: 503 at once, nothing deleted, the rest serves; restarted: bulk deletes again',
  async (t) => {
    await killRedis()
    await new Promise((r) => setTimeout(r, 200))
    const { r, ms, left } = await bulkDelete()
    t.equal(r.statusCode, 503)
    t.ok(r.headers['retry-after'], 'Retry-After')
    t.match(body(r).detail, /Nothing was deleted/)
    t.ok(ms < 3_000, `answered in ${ms} ms`)
    t.equal(left, 2, 'nothing deleted')
    await othersServe(t)
    t.same(await ready(), { status: 200, redis: 'down' }, 'ready: Redis is optional, reported down')

    await startRedis()
    const back = await bulkBack()
    t.equal(back.r.statusCode, 200, back.r.body)
    t.equal(back.left, 0)
    t.same(await ready(), { status: 200, redis: 'ok' })
  },
)

t.test(
  'Redis dropping packets: 503 in bounded time, nothing deleted, the rest serves; healed: bulk deletes again',
  async (t) => {
    await relay.set('blackhole')
    const { r, ms, left } = await bulkDelete()
    t.equal(r.statusCode, 503, r.body)
    t.ok(ms < 6_000, `answered in ${ms} ms (the producer's commands are bounded to 2 s)`)
    t.equal(left, 2, 'nothing deleted')
    await othersServe(t)
    const report = await ready()
    t.same(report, { status: 200, redis: 'down' }, 'ready: a PING that gets no answer is down')

    await relay.set('up')
    const back = await bulkBack()
    t.equal(back.r.statusCode, 200, back.r.body)
    t.equal(back.left, 0)
  },
)
