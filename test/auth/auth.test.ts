/**
 * Authentication and scopes: every operation of /openapi.json, sent its example request with no credential, a `read`,
 * a `write` and an `admin` one, answers as the scopes say (public routes to anyone; 401 with `WWW-Authenticate`
 * without a valid credential; 403 without the scope; otherwise whatever the route answers, never 401/403), under
 * AUTH_MODE=api-keys (keys hashed in PostgreSQL, revoked keys refused) and AUTH_MODE=jwt (tokens the test signs, its
 * JWKS served by the test, issuer and audience checked).
 */
import t, { type Test } from 'tap'
import { createServer } from 'node:http'
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { createSigner } from 'fast-jwt'
import type { FastifyInstance } from 'fastify'
import { build, body } from '../helpers/app.ts'
import { documentedOperations } from '../helpers/examples.ts'
import { exampleRequest, exampleUrl } from '../../src/api-docs/examples.ts'
import { createKey, revokeKey } from '../../src/auth/api-keys.ts'
import { routeScope, type RouteScope } from '../../src/auth/scopes.ts'

t.setTimeout(600_000)

type Who = 'none' | 'read' | 'write' | 'admin'
const RANK: Record<Who, number> = { none: -1, read: 0, write: 1, admin: 2 }

interface Op {
  operationId: string
  method: string
  path: string
}

/** The scope the doc says an operation needs (its `x-scope`), checked against the rule. */
function scopeOf(doc: { paths: Record<string, Record<string, { 'x-scope'?: RouteScope }>> }, op: Op): RouteScope {
  return doc.paths[op.path][op.method.toLowerCase()]['x-scope'] as RouteScope
}

async function walk(t: Test, app: FastifyInstance, credentials: Record<Exclude<Who, 'none'>, string>) {
  const doc = app.swagger() as unknown as Parameters<typeof scopeOf>[0] & {
    components: { securitySchemes: Record<string, unknown> }
  }
  t.ok(doc.components.securitySchemes.bearer, 'the document declares the bearer scheme')
  const operations = documentedOperations(app)
  t.ok(operations.length > 130)
  // reads first: the writes' examples delete what later examples read
  const ordered = [...operations].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'))
  const counts: Record<string, number> = {}
  for (const op of ordered) {
    const needed = scopeOf(doc, op)
    t.ok(needed, `${op.operationId}: the document names its scope`)
    for (const who of ['none', 'read', 'write', 'admin'] as Who[]) {
      // a bulk delete let through waits for a bulk worker these apps do not run (examples-writes.test.ts sends them)
      if (op.path.endsWith('/bulk-delete/') && needed !== 'public' && RANK[who] >= RANK[needed]) continue
      const example = exampleRequest(op.operationId, op.path)
      const res = await app.inject({
        method: op.method as 'GET',
        url: exampleUrl(op.path, example),
        headers: who === 'none' ? {} : { authorization: `Bearer ${credentials[who]}` },
        ...(example.body !== undefined ? { payload: example.body as object } : {}),
      })
      const where = `${op.operationId} as ${who}: ${res.statusCode}`
      if (needed === 'public') t.not(res.statusCode, 401, where)
      else if (who === 'none') {
        t.equal(res.statusCode, 401, where)
        t.match(res.headers['www-authenticate'], /^Bearer realm=/, `${where}: a challenge`)
        t.match(body<{ detail: string }>(res).detail, /Authentication required/)
      } else if (RANK[who] < RANK[needed]) {
        t.equal(res.statusCode, 403, where)
        t.match(body<{ detail: string }>(res).detail, new RegExp(`needs the '${needed}' scope`))
      } else t.ok(res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500, where)
      counts[`${needed}:${who}:${res.statusCode}`] = (counts[`${needed}:${who}:${res.statusCode}`] ?? 0) + 1
    }
  }
  const metrics = async (who: Who) =>
    (
      await app.inject({
        url: '/metrics',
        headers: who === 'none' ? {} : { authorization: `Bearer ${credentials[who as 'read']}` },
      })
    ).statusCode
  t.same(
    [await metrics('none'), await metrics('read'), await metrics('write'), await metrics('admin')],
    [401, 403, 403, 200],
  )
  for (const path of ['/health', '/openapi.json', '/.well-known/workspace/connection-contract', '/explorer/'])
    t.equal((await app.inject({ url: path })).statusCode, 200, `${path} is public`)
  t.equal(
    (await app.inject({ url: '/api/v1/asset/', headers: { authorization: 'Bearer nope' } })).statusCode,
    401,
    'an unknown credential',
  )
  return counts
}

t.test('the scope rule', async (t) => {
  t.equal(routeScope('GET', '/api/v1/asset/', false), 'read')
  t.equal(routeScope('POST', '/api/v1/pricing/assets/:asset_uid/price/', true), 'read')
  t.equal(routeScope('POST', '/api/v1/asset/', false), 'write')
  t.equal(routeScope('DELETE', '/api/v1/assets/:uid/', false), 'write')
  t.equal(routeScope('GET', '/metrics', false), 'admin')
  t.equal(routeScope('GET', '/ops/queues', false), 'admin')
  t.equal(routeScope('GET', '/health', false), 'public')
  t.equal(routeScope('GET', '/docs', false), 'public')
})

t.test('AUTH_MODE=api-keys: every operation as each scope says', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo', env: { AUTH_MODE: 'api-keys' } })
  const keys = {
    read: (await createKey(db.sql, 'reader', ['read'])).key,
    write: (await createKey(db.sql, 'writer', ['write'])).key,
    admin: (await createKey(db.sql, 'ops', ['admin'])).key,
  }
  await walk(t, app, keys)
  t.ok(await revokeKey(db.sql, 'reader'))
  const revoked = await app.inject({ url: '/api/v1/asset/', headers: { authorization: `Bearer ${keys.read}` } })
  t.equal(revoked.statusCode, 401, 'a revoked key')
  t.match(revoked.headers['www-authenticate'], /error="invalid_token"/)
  const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from api_keys where key_hash like 'fik_%'`
  t.equal(n, 0, 'no secret is stored')
})

let closeJwks: () => Promise<void> = async () => {}

function jwks(t: Test, key: KeyObject, kid: string): Promise<string> {
  const jwk = { ...key.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  t.teardown(() => server.close())
  closeJwks = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`),
    ),
  )
}

t.test('AUTH_MODE=jwt: tokens the test signs, verified against its JWKS', async (t) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const url = await jwks(t, publicKey, 'k1')
  const issuer = 'https://issuer.test/'
  const audience = 'fixed-income'
  const { app } = await build(t, {
    bundle: 'demo',
    env: { AUTH_MODE: 'jwt', AUTH_JWKS_URL: url, AUTH_ISSUER: issuer, AUTH_AUDIENCE: audience },
  })
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
  const sign = (claims: Record<string, unknown>, options: { iss?: string; aud?: string; expiresIn?: number } = {}) =>
    createSigner({
      key: pem,
      algorithm: 'RS256',
      kid: 'k1',
      iss: options.iss ?? issuer,
      aud: options.aud ?? audience,
      expiresIn: options.expiresIn ?? 600_000,
    })(claims)
  const signWithKid = (kid: string) =>
    createSigner({ key: pem, algorithm: 'RS256', kid, iss: issuer, aud: audience })({ sub: 'x', scope: 'read' })
  const tokens = {
    read: sign({ sub: 'alice', scope: 'read' }),
    write: sign({ sub: 'bob', scp: ['write'] }),
    admin: sign({ sub: 'ops', scope: 'admin' }),
  }
  await walk(t, app, tokens)
  const refused = async (token: string) =>
    (await app.inject({ url: '/api/v1/asset/', headers: { authorization: `Bearer ${token}` } })).statusCode
  t.equal(await refused(sign({ sub: 'x', scope: 'read' }, { iss: 'https://other.test/' })), 401, 'another issuer')
  t.equal(await refused(sign({ sub: 'x', scope: 'read' }, { aud: 'other' })), 401, 'another audience')
  t.equal(await refused(sign({ sub: 'x', scope: 'read' }, { expiresIn: 1 })), 401, 'expired')
  const { privateKey: stranger } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const forged = createSigner({
    key: stranger.export({ format: 'pem', type: 'pkcs8' }).toString(),
    algorithm: 'RS256',
    kid: 'k1',
    iss: issuer,
    aud: audience,
  })({ sub: 'mallory', scope: 'admin' })
  t.equal(await refused(forged), 401, 'a token signed by another key')
  t.equal(await refused(sign({ sub: 'x' })), 403, 'a valid token without scopes')
  t.equal(await refused(signWithKid('k9')), 401, 'a key the issuer does not publish')
  // the issuer's JWKS goes away: a token under a key not yet fetched cannot be checked (503, not 401)
  await closeJwks()
  const outage = await app.inject({ url: '/api/v1/asset/', headers: { authorization: `Bearer ${signWithKid('k2')}` } })
  t.equal(outage.statusCode, 503, 'the JWKS out of reach is an outage')
  t.ok(Number(outage.headers['retry-after']) > 0)
  t.match(body<{ detail: string }>(outage).detail, /AUTH_JWKS_URL/)
  t.equal(await refused(tokens.read), 200, 'a key fetched before still verifies')
})
