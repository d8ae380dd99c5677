/**
 * Authentication and scopes (AUTH_MODE): `none` checks nothing; `api-keys` takes `Authorization: Bearer <key>` and
 * looks its hash up in PostgreSQL (src/auth/api-keys.ts); `jwt` verifies a bearer JWT against the issuer's JWKS
 * (@fastify/jwt with get-jwks), its `iss` and `aud`, and reads its scopes from `scope` or `scp`. Every route needs
 * the scope src/auth/scopes.ts gives it: none → 401 with `WWW-Authenticate`, too little → 403, both `{detail}`.
 * The ops listener (OPS_PORT) stays internal and unchecked. `request.principal` names the caller (the audit trail's
 * subject): a key's name, a token's `sub`, or `anonymous`.
 */
import fp from 'fastify-plugin'
import fastifyJwt from '@fastify/jwt'
import buildGetJwks from 'get-jwks'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { findKey } from '../auth/api-keys.ts'
import { allows, routeScope, type RouteScope, type Scope } from '../auth/scopes.ts'
import { fromOpsListener } from '../http/ops-surface.ts'
import { RETRY_AFTER_SECONDS } from '../http/errors.ts'

export interface Principal {
  subject: string
  scopes: readonly Scope[]
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null
  }
}

const REALM = 'fixed-income'
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']

/** The scope of the route a request matched ('public' for an unmatched one: it is a 404 whoever asks). */
export function requestScope(request: FastifyRequest): RouteScope {
  const { method, url, config } = request.routeOptions
  if (!url) return 'public'
  return routeScope(method as string, url, config?.readOnly === true)
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return m ? m[1] : ''
}

function refuse(reply: FastifyReply, status: 401 | 403, detail: string, challenge: string) {
  return reply.code(status).header('www-authenticate', challenge).send({ detail })
}

/** A JWT's scopes: `scope` (space-separated) or `scp` (a list or a space-separated string). */
function claimScopes(payload: Record<string, unknown>): Scope[] {
  const raw = payload.scope ?? payload.scp
  const list = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(/\s+/) : []
  return list.filter((s): s is Scope => s === 'read' || s === 'write' || s === 'admin')
}

/** How long a JWKS fetch may take before the request is a 503 (never a hang on an issuer that does not answer). */
const JWKS_TIMEOUT_MS = 5_000

class JwksTimeout extends Error {
  override readonly name = 'JwksTimeout'
}

function withinJwksTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new JwksTimeout(`no JWKS within ${JWKS_TIMEOUT_MS} ms`)), JWKS_TIMEOUT_MS)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** get-jwks's failed request, fetch's network failure, or our timeout: the keys are out of reach. */
function jwksUnavailable(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string }
  return (
    e instanceof JwksTimeout ||
    e.code === 'JWKS_REQUEST_FAILED' ||
    (e.name === 'TypeError' && /fetch failed/.test(e.message ?? ''))
  )
}

export default fp(
  async (app) => {
    const { config } = app
    app.decorateRequest('principal', null)
    if (config.authMode === 'none') return
    if (config.authMode === 'jwt') {
      const jwks = new URL(config.authJwksUrl as string)
      const getJwks = buildGetJwks({ jwksPath: jwks.pathname, max: 100, ttl: 600_000 })
      await app.register(fastifyJwt, {
        decode: { complete: true },
        secret: (_request: FastifyRequest, token: unknown) => {
          const { header } = token as { header: { kid?: string; alg?: string } }
          return withinJwksTimeout(getJwks.getPublicKey({ domain: jwks.origin, kid: header.kid, alg: header.alg }))
        },
        verify: {
          allowedIss: config.authIssuer as string,
          allowedAud: config.authAudience as string,
          algorithms: ASYMMETRIC as never,
        },
      })
    }
    app.addHook('onRequest', async (request, reply) => {
      const needed = requestScope(request)
      if (needed === 'public' || fromOpsListener(request.raw)) return
      const challenge = `Bearer realm="${REALM}"`
      const token = bearer(request)
      if (token === undefined)
        return refuse(reply, 401, 'Authentication required: send Authorization: Bearer <credential>.', challenge)
      let principal: Principal | undefined
      if (config.authMode === 'api-keys') {
        const key = token ? await findKey(app.sql, token) : undefined
        if (key) principal = { subject: key.name, scopes: key.scopes }
      } else if (token) {
        try {
          const payload = (await request.jwtVerify()) as Record<string, unknown>
          principal = { subject: String(payload.sub ?? 'unknown'), scopes: claimScopes(payload) }
        } catch (error) {
          // the issuer's keys out of reach is an outage, not a bad token
          if (jwksUnavailable(error)) {
            request.log.warn({ err: (error as Error).message }, 'JWKS unavailable')
            return reply
              .code(503)
              .header('retry-after', RETRY_AFTER_SECONDS)
              .send({ detail: "The token issuer's keys (AUTH_JWKS_URL) cannot be fetched now; retry later." })
          }
          request.log.info({ err: (error as Error).message }, 'bearer token refused')
        }
      }
      if (!principal)
        return refuse(
          reply,
          401,
          'The credential is not valid (unknown, revoked, expired or malformed).',
          `${challenge}, error="invalid_token"`,
        )
      request.principal = principal
      const has = principal.scopes.length ? principal.scopes.join(', ') : 'none'
      if (!allows(principal.scopes, needed))
        return refuse(
          reply,
          403,
          `This route needs the '${needed}' scope; the credential has ${has}.`,
          `${challenge}, error="insufficient_scope", scope="${needed}"`,
        )
    })
  },
  { name: 'auth', dependencies: ['db'] },
)
