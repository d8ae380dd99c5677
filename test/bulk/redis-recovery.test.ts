/**
 * Redis away at start, back later: the API keeps serving, answers 503 meanwhile, and bulk deletes work again
 * without a restart. "Redis" here is a TCP relay to the shared Redis that this test starts and stops.
 */
import t from 'tap'
import { body } from '../helpers/app.ts'
import { freePort, TcpProxy } from '../helpers/tcp-proxy.ts'
import { buildBulk, explicit } from './app.ts'
import * as fx from './fixtures.ts'

const target = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379')

// The app closed while Redis was lost leaves BullMQ's watchdogs of its blocking reads behind (ref'd timers of up to
// 11 s: its connections were closed in their reconnect back-off, so those reads never settle). Nothing of the test
// waits for them: once it has ended (and tap has set the exit code), the process need not either.
t.teardown(() => setTimeout(() => process.exit(), 500).unref())

t.test('bulk deletes come back when Redis does', async (t) => {
  const port = await freePort()
  const { app, db } = await buildBulk(t, { env: { REDIS_URL: `redis://127.0.0.1:${port}` } })
  const uids = await fx.portfolioGroups(db.sql, 2)
  let r = await app.inject({ method: 'POST', url: '/api/v1/portfolio-group/bulk-delete/', payload: explicit(uids) })
  t.equal(r.statusCode, 503)

  const redis = await new TcpProxy(port, { host: target.hostname, port: Number(target.port || 6379) }).start()
  t.teardown(() => redis.close())
  // reconnect back-off is at most 5 s; the worker's fetch loop retries every 2 s (a bound far beyond both: a busy
  // machine's, not the service's)
  const deadline = Date.now() + 60_000
  do {
    await new Promise((resolve) => setTimeout(resolve, 250))
    r = await app.inject({ method: 'POST', url: '/api/v1/portfolio-group/bulk-delete/', payload: explicit(uids) })
  } while (r.statusCode === 503 && Date.now() < deadline)
  t.equal(r.statusCode, 200, body(r).detail as string)
  t.same(body(r), { detail: 'Deleted 2 portfolio groups.', deleted_count: 2 })

  // Redis lost again, then a shutdown: it must not wait for Redis
  await redis.set('down')
  await new Promise((resolve) => setTimeout(resolve, 300))
  r = await app.inject({
    method: 'POST',
    url: '/api/v1/portfolio-group/bulk-delete/',
    payload: explicit(await fx.portfolioGroups(db.sql, 1)),
  })
  t.equal(r.statusCode, 503)
  const t0 = Date.now()
  await app.close()
  t.ok(Date.now() - t0 < 5_000, `closed in ${Date.now() - t0} ms`)
})
