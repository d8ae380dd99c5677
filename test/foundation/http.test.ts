import t from 'tap'
import Fastify from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { configureHttp } from '../../src/app.ts'
import { conflict } from '../../src/http/errors.ts'
import { UidParams } from '../../src/contracts/common.ts'
import { build, body } from '../helpers/app.ts'

/** A throwaway app with the service's HTTP configuration (style: fastify/demo error-handler test). */
async function scratchApp(t: { teardown(fn: () => unknown): void }) {
  const app = Fastify({
    logger: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>()
  configureHttp(app)
  app.post(
    '/strict/',
    {
      schema: {
        body: Type.Object(
          { name: Type.String(), n: Type.Optional(Type.Integer({ minimum: 1 })) },
          { additionalProperties: false },
        ),
      },
    },
    async (r) => r.body,
  )
  app.get(
    '/query/',
    {
      schema: {
        querystring: Type.Object(
          { limit: Type.Integer({ minimum: 1, maximum: 5, default: 2 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (r) => r.query,
  )
  app.get('/item/:uid/', { schema: { params: UidParams } }, async (r) => r.params)
  app.get('/boom/', async () => {
    throw new Error('connect ECONNREFUSED postgres://admin:s3cret@db:5432/prod select * from secrets')
  })
  app.get('/conflict/', async () => {
    throw conflict('Curve is still selected by 2 market-data sets.')
  })
  app.get('/pg-unique/', async () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint "x" insert into t values (1)'), {
      code: '23505',
      detail: 'Key (set_key)=(eod) already exists.',
    })
  })
  await app.ready()
  t.teardown(() => app.close())
  return app
}

t.test('unknown body field → 422 naming it', async (t) => {
  const app = await scratchApp(t)
  const res = await app.inject({ method: 'POST', url: '/strict/', payload: { name: 'x', extra: 1 } })
  t.equal(res.statusCode, 422)
  t.match(body(res), {
    detail: "body: unknown field 'extra'",
    errors: [{ location: 'body', message: "unknown field 'extra'" }],
  })
})

t.test('every validation failure is 422 with what and where', async (t) => {
  const app = await scratchApp(t)
  const missing = await app.inject({ method: 'POST', url: '/strict/', payload: {} })
  t.equal(missing.statusCode, 422)
  t.equal(body(missing).detail, 'body.name: field required')
  const wrongType = await app.inject({ method: 'POST', url: '/strict/', payload: { name: 7 } })
  t.equal(wrongType.statusCode, 422, 'no coercion of body values')
  t.match(body(wrongType).detail, /^body\.name: must be string/)
  const query = await app.inject({ method: 'GET', url: '/query/?limit=9' })
  t.equal(query.statusCode, 422)
  t.match(body(query).detail, /^query\.limit: must be <= 5/)
  const unknownQuery = await app.inject({ method: 'GET', url: '/query/?limit=1&nope=1' })
  t.equal(unknownQuery.statusCode, 422)
  t.match(body(unknownQuery).detail, "query: unknown field 'nope'")
  t.same(body(await app.inject({ method: 'GET', url: '/query/' })), { limit: 2 }, 'defaults applied')
  const badUid = await app.inject({ method: 'GET', url: '/item/123/' })
  t.equal(badUid.statusCode, 422)
  t.match(body(badUid).detail, /^path\.uid: must match format "uuid"/)
  const badJson = await app.inject({
    method: 'POST',
    url: '/strict/',
    payload: '{"name":',
    headers: { 'content-type': 'application/json' },
  })
  t.equal(badJson.statusCode, 422)
  t.type(body(badJson).detail, 'string')
})

t.test('5xx bodies are generic: no stack, SQL or connection string', async (t) => {
  const app = await scratchApp(t)
  const res = await app.inject({ method: 'GET', url: '/boom/' })
  t.equal(res.statusCode, 500)
  t.same(Object.keys(body(res)), ['detail'])
  t.notMatch(res.body, /s3cret|postgres:\/\/|select|ECONNREFUSED|at .*\.ts/)
  t.ok(res.headers['x-request-id'], 'the request id lets ops find the cause in the log')
})

t.test('domain and database conflicts are 409 with a detail, never 500', async (t) => {
  const app = await scratchApp(t)
  const c = await app.inject({ method: 'GET', url: '/conflict/' })
  t.equal(c.statusCode, 409)
  t.same(body(c), { detail: 'Curve is still selected by 2 market-data sets.' })
  const u = await app.inject({ method: 'GET', url: '/pg-unique/' })
  t.equal(u.statusCode, 409)
  t.same(body(u), { detail: 'A row with the same unique key already exists.' })
  t.notMatch(u.body, /insert into|set_key|eod|"x"/, 'no table, column, constraint or value from the server')
})

t.test('trailing slash optional, unknown route 404 with detail, request ids echoed', async (t) => {
  const { app } = await build(t)
  for (const url of ['/health', '/health/']) t.equal((await app.inject({ url })).statusCode, 200, url)
  const nf = await app.inject({ url: '/api/v1/nothing-here/' })
  t.equal(nf.statusCode, 404)
  t.same(body(nf), { detail: 'Route GET /api/v1/nothing-here/ does not exist.' })
  const withId = await app.inject({ url: '/health', headers: { 'x-request-id': 'trace-123' } })
  t.equal(withId.headers['x-request-id'], 'trace-123')
})

t.test('body size limit', async (t) => {
  const { app } = await build(t, { env: { BODY_LIMIT_BYTES: '2048' } })
  const res = await app.inject({ method: 'POST', url: '/health', payload: { pad: 'x'.repeat(5000) } })
  t.equal(res.statusCode, 413)
  t.type(body(res).detail, 'string')
})
