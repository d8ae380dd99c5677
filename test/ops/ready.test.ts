/**
 * GET /ready reports the database, Redis and the pricing pool; 503 with Retry-After when the database is
 * unreachable (here the readiness probe is pointed at a closed port), and when the instance drains.
 * /health stays liveness.
 */
import t from 'tap'
import { freePort } from '../helpers/tcp-proxy.ts'
import { build, body } from '../helpers/app.ts'
import { RETRY_AFTER_SECONDS } from '../../src/http/errors.ts'

interface Report {
  status: string
  in_flight: number
  checks: Record<string, { status: string; required: boolean; detail?: string; threads?: number }>
}

t.test('ready: every dependency reported, 200', async (t) => {
  const { app } = await build(t)
  const r = await app.inject({ method: 'GET', url: '/ready' })
  t.equal(r.statusCode, 200)
  const report = body<Report>(r)
  t.equal(report.status, 'ready')
  t.equal(report.in_flight, 1, 'requests in flight: this one')
  t.same(Object.keys(report.checks).sort(), ['bulk_workers', 'database', 'pricing_pool', 'redis'])
  t.equal(report.checks.database.status, 'ok')
  t.equal(report.checks.database.required, true)
  t.equal(report.checks.pricing_pool.status, 'ok')
  t.equal(report.checks.redis.required, false)
  // test apps run no bulk worker: reported down, and the instance is ready all the same
  t.match(report.checks.bulk_workers, { status: 'down', required: false })
  t.equal(r.headers['cache-control'], 'no-store')
  t.notOk(r.headers['retry-after'])
})

t.test('database unreachable: 503 with Retry-After and a detail without credentials; /health stays 200', async (t) => {
  const port = await freePort()
  const { app } = await build(t, {
    env: { DATABASE_URL: `postgres://secret_user:secret_pw@127.0.0.1:${port}/nowhere`, DB_CONNECT_TIMEOUT_MS: '1000' },
  })
  const started = Date.now()
  const r = await app.inject({ method: 'GET', url: '/ready' })
  t.ok(Date.now() - started < 3_000, 'answers within the connect timeout')
  t.equal(r.statusCode, 503)
  t.equal(r.headers['retry-after'], String(RETRY_AFTER_SECONDS))
  const report = body<Report>(r)
  t.equal(report.status, 'unavailable')
  t.equal(report.checks.database.status, 'down')
  t.match(report.checks.database.detail, `127.0.0.1:${port}/nowhere`)
  t.notMatch(r.body, /secret|postgres:\/\//)
  t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
})

t.test('checks are pluggable; a draining instance is unavailable', async (t) => {
  const { app } = await build(t)
  let optional = 'down' as 'ok' | 'down'
  app.readiness.add('extra_optional', { required: false, run: () => ({ status: optional, detail: 'not yet' }) })
  app.readiness.add('extra_slow', { required: true, run: () => new Promise(() => {}) })
  t.throws(() => app.readiness.add('database', { required: true, run: () => ({ status: 'ok' }) }), /twice/)
  const slow = await app.inject({ method: 'GET', url: '/ready' })
  t.equal(slow.statusCode, 503, 'a check that never answers is down after its bound')
  t.equal(body<Report>(slow).checks.extra_optional.status, 'down')
  t.match(body<Report>(slow).checks.extra_slow.detail, /No answer within/)
  optional = 'ok'
  app.readiness.drain()
  const draining = await app.inject({ method: 'GET', url: '/ready' })
  t.equal(draining.statusCode, 503)
  t.equal(body<Report>(draining).checks.shutdown.status, 'down')
})
