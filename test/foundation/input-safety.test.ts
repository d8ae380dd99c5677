import t from 'tap'
import { connect } from 'node:net'
import Fastify from 'fastify'
import { Type } from 'typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { configureHttp } from '../../src/app.ts'
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../../src/http/input-safety.ts'
import { build, body } from '../helpers/app.ts'

const pgError = (code: string) =>
  Object.assign(
    new Error(
      `relation "secret_table" violates "secret_constraint" in insert into secret_table (secret_column) values ($1)`,
    ),
    {
      code,
      detail: 'Key (secret_column)=(v) already exists.',
      table_name: 'secret_table',
      column_name: 'secret_column',
      constraint_name: 'secret_constraint',
    },
  )

async function scratchApp(t: { teardown(fn: () => unknown): void }) {
  const app = Fastify({
    logger: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>()
  configureHttp(app)
  app.post(
    '/echo/',
    {
      schema: {
        body: Type.Object(
          { name: Type.String(), meta: Type.Optional(Type.Unknown()) },
          { additionalProperties: false },
        ),
      },
    },
    async (r) => r.body,
  )
  app.get(
    '/items/:name/',
    {
      schema: {
        params: Type.Object({ name: Type.String() }),
        querystring: Type.Object({ q: Type.Optional(Type.String()) }, { additionalProperties: false }),
      },
    },
    async (r) => ({ ...r.params, ...r.query }),
  )
  app.delete('/items/:name/', async (r) => ({ deleted: (r.params as { name: string }).name }))
  app.post(
    '/list/',
    {
      schema: {
        body: Type.Object({ items: Type.Array(Type.String(), { maxItems: 10 }) }, { additionalProperties: false }),
      },
    },
    async (r) => r.body,
  )
  app.get('/pg/:code/', async (r) => {
    throw pgError((r.params as { code: string }).code)
  })
  await app.ready()
  t.teardown(() => app.close())
  return app
}

const json = { 'content-type': 'application/json' }

t.test('a NUL character is a 422 naming the field, in a body, a query string and a path', async (t) => {
  const app = await scratchApp(t)
  const inBody = await app.inject({ method: 'POST', url: '/echo/', headers: json, payload: '{"name":"a\\u0000b"}' })
  t.same(
    [inBody.statusCode, body(inBody)],
    [
      422,
      {
        detail: 'body.name: must not contain a NUL character (\\u0000)',
        errors: [{ location: 'body.name', message: 'must not contain a NUL character (\\u0000)' }],
      },
    ],
  )
  const nested = await app.inject({
    method: 'POST',
    url: '/echo/',
    headers: json,
    payload: '{"name":"x","meta":{"rows":[1,{"k":"\\u0000"}]}}',
  })
  t.equal(body(nested).detail, 'body.meta.rows.1.k: must not contain a NUL character (\\u0000)')
  const inKey = await app.inject({
    method: 'POST',
    url: '/echo/',
    headers: json,
    payload: '{"name":"x","meta":{"a\\u0000":1}}',
  })
  t.equal(inKey.statusCode, 422)
  t.match(body(inKey).detail, /^body\.meta: has a field name that must not contain a NUL/)
  const inQuery = await app.inject({ url: '/items/x/?q=a%00' })
  t.same([inQuery.statusCode, body(inQuery).detail], [422, 'query.q: must not contain a NUL character (\\u0000)'])
  const inPath = await app.inject({ url: '/items/a%00b/' })
  t.same([inPath.statusCode, body(inPath).detail], [422, 'path.name: must not contain a NUL character (\\u0000)'])
  t.same(body(await app.inject({ url: '/items/ok/?q=fine' })), { name: 'ok', q: 'fine' }, 'clean input passes')
})

t.test('lone surrogates and infinite numbers are refused too', async (t) => {
  const app = await scratchApp(t)
  const lone = await app.inject({ method: 'POST', url: '/echo/', headers: json, payload: '{"name":"\\ud800x"}' })
  t.same(
    [lone.statusCode, body(lone).detail],
    [422, 'body.name: must be valid Unicode text (it holds a lone UTF-16 surrogate)'],
  )
  const pair = await app.inject({ method: 'POST', url: '/echo/', headers: json, payload: '{"name":"\\ud83d\\ude00"}' })
  t.same([pair.statusCode, body(pair)], [200, { name: '😀' }], 'a surrogate pair is a character')
  const huge = await app.inject({
    method: 'POST',
    url: '/echo/',
    headers: json,
    payload: '{"name":"x","meta":[1e400]}',
  })
  t.same([huge.statusCode, body(huge).detail], [422, 'body.meta.0: must be a finite number'])
})

t.test(`JSON deeper than ${MAX_JSON_DEPTH} levels is a 422 before it is parsed`, async (t) => {
  t.equal(jsonDepthExceeds('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH), false)
  t.equal(jsonDepthExceeds('['.repeat(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH), true)
  t.equal(
    jsonDepthExceeds(`["${'['.repeat(500)}", "\\"{{{{"]`, 2),
    false,
    'brackets inside strings, and escaped quotes, do not count',
  )
  const app = await scratchApp(t)
  for (const depth of [MAX_JSON_DEPTH + 1, 5_000, 100_000]) {
    const res = await app.inject({
      method: 'POST',
      url: '/echo/',
      headers: json,
      payload: `{"name":"x","meta":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    })
    t.same(
      [res.statusCode, body(res).detail],
      [422, `body: JSON nests deeper than ${MAX_JSON_DEPTH} levels`],
      `depth ${depth}`,
    )
  }
  const fits = await app.inject({
    method: 'POST',
    url: '/echo/',
    headers: json,
    payload: `{"name":"x","meta":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`,
  })
  t.equal(fits.statusCode, 200, 'the limit itself is allowed')
  const poisoned = await app.inject({
    method: 'POST',
    url: '/echo/',
    headers: json,
    payload: '{"name":"x","__proto__":{"admin":true}}',
  })
  t.equal(poisoned.statusCode, 422, 'prototype poisoning is still refused')
})

t.test('a body failing in 300,000 places answers the first 20 failures and a count, not megabytes', async (t) => {
  const app = await scratchApp(t)
  const res = await app.inject({
    method: 'POST',
    url: '/list/',
    headers: json,
    payload: JSON.stringify({ items: Array.from({ length: 300_000 }, () => 1) }),
  })
  t.equal(res.statusCode, 422)
  const { detail, errors } = body<{ detail: string; errors: unknown[] }>(res)
  t.equal(errors.length, 20)
  t.match(
    detail,
    /^body\.items: must NOT have more than 10 items; body\.items\.0: must be string; .*; and 299981 more failure\(s\)$/,
  )
  t.ok(res.body.length < 5_000, `${res.body.length} bytes`)
})

t.test('GET and DELETE with a JSON content type and no body are accepted', async (t) => {
  const app = await scratchApp(t)
  const del = await app.inject({ method: 'DELETE', url: '/items/x/', headers: json })
  t.same([del.statusCode, body(del)], [200, { deleted: 'x' }])
  const get = await app.inject({ method: 'GET', url: '/items/x/', headers: json })
  t.equal(get.statusCode, 200)
  const post = await app.inject({ method: 'POST', url: '/echo/', headers: json })
  t.equal(post.statusCode, 422, 'a route that needs a body still says so')
})

t.test('PostgreSQL errors answer by SQLSTATE class, naming no table, column, constraint or SQL', async (t) => {
  const app = await scratchApp(t)
  const cases: [string, number][] = [
    ['22P02', 422],
    ['22003', 422],
    ['22008', 422],
    ['22P05', 422],
    ['22001', 422],
    ['2201B', 422],
    ['23505', 409],
    ['23503', 409],
    ['23514', 409],
    ['23502', 409],
    ['23P01', 409],
    ['54000', 422],
    ['40P01', 503],
    ['40001', 503],
    ['08006', 503],
    ['08001', 503],
    ['57P01', 503],
    ['57P03', 503],
    ['57014', 503],
    ['53300', 503],
    ['55P03', 503],
    ['42P01', 500],
    ['XX000', 500],
  ]
  for (const [code, status] of cases) {
    const res = await app.inject({ url: `/pg/${code}/` })
    t.equal(res.statusCode, status, code)
    t.same(Object.keys(body(res)), ['detail'], code)
    t.notMatch(res.body, /secret|insert into|\$1/, `${code}: nothing from the server's message`)
    if (status === 503) t.equal(res.headers['retry-after'], '5', `${code}: Retry-After`)
  }
})

t.test('on the service: NUL and deep JSON are 422, an empty JSON DELETE reaches its handler', async (t) => {
  const { app } = await build(t)
  const create = (payload: string) => app.inject({ method: 'POST', url: '/api/v1/calendar/', headers: json, payload })
  const calendar = (extra: string) =>
    `{"unique_identifier":"X","display_name":"x","calendar_type":"trading","valid_from":"2026-01-01",` +
    `"valid_to":"2026-12-31"${extra}}`
  const nul = await create(calendar(',"source":"a\\u0000"'))
  t.same([nul.statusCode, body(nul).detail], [422, 'body.source: must not contain a NUL character (\\u0000)'])
  const deep = await create(calendar(`,"metadata_json":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`))
  t.equal(deep.statusCode, 422)
  const list = await app.inject({ url: '/api/v1/calendar/?search=%00' })
  t.same([list.statusCode, body(list).detail], [422, 'query.search: must not contain a NUL character (\\u0000)'])
  const del = await app.inject({
    method: 'DELETE',
    url: '/api/v1/calendar/4cc34b19-6eee-5bd5-a27b-483dc72d20c0/',
    headers: json,
  })
  t.equal(del.statusCode, 404, 'DELETE with a JSON content type and no body reaches its handler')
  const badUrl = await app.inject({ url: '/api/v1/calendar/%ZZ/' })
  t.same(
    [badUrl.statusCode, body(badUrl)],
    [400, { detail: 'path: the URL is not valid percent-encoded UTF-8.' }],
    'router refusals have a {detail} too',
  )
  const longParam = await app.inject({ url: `/api/v1/calendar/${'x'.repeat(300)}/` })
  t.same(
    [longParam.statusCode, body(longParam)],
    [414, { detail: 'path: a path parameter is longer than 200 characters.' }],
  )
  const ok = await create(calendar(''))
  t.equal(ok.statusCode, 200)
  const dup = await create(calendar(''))
  t.equal(dup.statusCode, 409)
})

/** Sends raw bytes on a fresh connection and reads until the server closes it. */
const rawHttp = (port: number, text: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let out = ''
    socket.on('data', (d) => (out += d.toString('latin1')))
    socket.on('close', () => resolve(out))
    socket.on('error', reject)
  })

t.test('over a socket: what the HTTP parser refuses answers {detail} too', async (t) => {
  const { app } = await build(t)
  await app.listen({ host: '127.0.0.1', port: 15301 })
  const cases: [string, number][] = [
    ['GARBAGE\r\n\r\n', 400],
    ['POST /health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n', 400],
    [`GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ]
  for (const [request, status] of cases) {
    const answer = await rawHttp(15301, request)
    t.match(answer, new RegExp(`^HTTP/1.1 ${status} `), request.slice(0, 30))
    t.type((JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { detail?: unknown }).detail, 'string')
  }
  const del = await rawHttp(
    15301,
    'DELETE /api/v1/calendar/00000000-0000-4000-8000-000000000000/ HTTP/1.1\r\nHost: x\r\nContent-Type: ' +
      'application/json\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
  )
  t.match(del, /^HTTP\/1.1 404 /, 'a DELETE with a JSON content type and Content-Length: 0 reaches its handler')
})

t.test(
  'over a socket: a body shorter than its Content-Length is answered 408 within REQUEST_TIMEOUT_MS, not held',
  async (t) => {
    const { app } = await build(t, { env: { REQUEST_TIMEOUT_MS: '1000' } })
    await app.listen({ host: '127.0.0.1', port: 15302 })
    const started = Date.now()
    const answer = await rawHttp(
      15302,
      'POST /api/v1/pricing/batch/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ' +
        '100\r\n\r\n{"valuation_date"',
    )
    t.match(answer, /^HTTP\/1.1 408 /)
    t.ok(Date.now() - started < 10_000, `answered after ${Date.now() - started} ms`)
  },
)

t.test('a body in a content coding other than identity is a 415, never parsed as if plain', async (t) => {
  const app = await scratchApp(t)
  const { gzipSync } = await import('node:zlib')
  const plain = JSON.stringify({ name: 'x' })
  const gzipped = await app.inject({
    method: 'POST',
    url: '/echo/',
    headers: { ...json, 'content-encoding': 'gzip' },
    payload: gzipSync(plain),
  })
  t.same(
    [gzipped.statusCode, body(gzipped)],
    [415, { detail: "Content-Encoding 'gzip' is not supported: send the request body uncompressed." }],
  )
  t.equal(gzipped.headers['accept-encoding'], 'identity', 'Accept-Encoding names what is accepted (RFC 9110 §15.5.16)')
  // a plain body labelled as compressed is refused too: the label, not a guess, says how to read it
  const mislabelled = await app.inject({
    method: 'POST',
    url: '/echo/',
    headers: { ...json, 'content-encoding': 'br' },
    payload: plain,
  })
  t.equal(mislabelled.statusCode, 415)
  const identity = await app.inject({
    method: 'POST',
    url: '/echo/',
    headers: { ...json, 'content-encoding': 'Identity' },
    payload: plain,
  })
  t.same([identity.statusCode, body(identity)], [200, { name: 'x' }], 'identity is the body as sent')
  const noBody = await app.inject({ method: 'GET', url: '/items/a/', headers: { 'content-encoding': 'gzip' } })
  t.equal(noBody.statusCode, 200, 'a request without a body is not refused for the header alone')
})
