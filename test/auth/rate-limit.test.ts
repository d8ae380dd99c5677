/**
 * Optional rate limits: off by default; with RATE_LIMIT_MAX each credential (or, without authentication, each
 * address) gets that many requests per window, counted in Redis; the next is a 429 with Retry-After and {detail};
 * public routes are not counted.
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { waitFor } from '../helpers/wait.ts'
import { createKey } from '../../src/auth/api-keys.ts'

t.test('per credential, in Redis, 429 with Retry-After', async (t) => {
  const { app, db } = await build(t, {
    env: { AUTH_MODE: 'api-keys', RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' },
  })
  const a = { authorization: `Bearer ${(await createKey(db.sql, 'a', ['read'])).key}` }
  const b = { authorization: `Bearer ${(await createKey(db.sql, 'b', ['read'])).key}` }
  // the count lives in Redis: wait for the connection
  await waitFor(
    async () => (await app.inject({ url: '/api/v1/asset/', headers: a })).headers['x-ratelimit-limit'] === '3',
  )
  await app.inject({ url: '/api/v1/asset/', headers: a })
  const statuses = []
  for (let i = 0; i < 3; i++) statuses.push((await app.inject({ url: '/api/v1/asset/', headers: a })).statusCode)
  t.ok(statuses.includes(429), `a's requests: ${statuses.join(', ')}`)
  const limited = await app.inject({ url: '/api/v1/asset/', headers: a })
  t.equal(limited.statusCode, 429)
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
  t.match(body<{ detail: string }>(limited).detail, /Rate limit: 3 requests per/)
  t.equal((await app.inject({ url: '/api/v1/asset/', headers: b })).statusCode, 200, 'another credential has its own')
  for (let i = 0; i < 5; i++) t.equal((await app.inject({ url: '/health' })).statusCode, 200, 'public routes are free')
})

t.test('off by default', async (t) => {
  const { app } = await build(t)
  for (let i = 0; i < 20; i++) t.equal((await app.inject({ url: '/api/v1/asset/' })).statusCode, 200)
})
