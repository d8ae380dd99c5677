/** OpenAPI 3.1.0 generated from the route schemas (TypeBox), served at /openapi.json, /docs and /redoc. */
import fp from 'fastify-plugin'
import swagger, { type SwaggerTransformObject } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { SERVICE_NAME, SERVICE_VERSION } from '../service-info.ts'
import { teachingDocument, type OpenApiObject } from '../api-docs/document.ts'
import { routeScope, type RouteScope } from '../auth/scopes.ts'

const require = createRequire(import.meta.url)
// Redoc's standalone bundle ships inside the npm package: the reference view works with no network access.
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js')

const DESCRIPTION = [
  'Prices bonds exactly as QuantLib 1.29 and manages the pricing curves, market data and portfolio registries behind ' +
    'them.',
  '',
  'Every example works against `npm start`, which loads the demo bundle: price with `valuation_date` ' +
    '`2026-11-20T00:00:00Z` and `market_data_set` `default`.',
  '',
  'Conventions: request bodies are strict (an unknown field is a 422), and so are query strings: a query parameter a ' +
    'route does not declare is a 422 naming it, on every route (discovery routes answer unknown keys with 400, as ' +
    'their contract says). Errors are `{detail}` (422 adds `errors` with each location). Lists return the ' +
    '`workspace.resource_collection@v1` envelope `{items, pageInfo}`; `offset` must be a multiple of `limit`.',
].join('\n')

const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg'
// a neutral mark in place of the CDN logo (the link text beside it still credits Redoc)
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#8a94a6"/></svg>'

const REDOC_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${SERVICE_NAME} — API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><redoc spec-url="/openapi.json"></redoc><script src="/redoc/redoc.standalone.js"></script></body></html>`

/**
 * Swagger UI's default policy allows any https: style or font source and validator.swagger.io images, and
 * upgrades requests to https (which breaks /docs served over plain http on a LAN address). Allow only this
 * origin, plus the inline styles Swagger UI sets itself.
 */
export function localOnlyCsp(header: string): string {
  return header
    .replace(/style-src 'self' https:/, "style-src 'self' 'unsafe-inline'")
    .replace(/font-src 'self' https: data:/, "font-src 'self' data:")
    .replace(/ validator\.swagger\.io/, '')
    .replace(/\s*upgrade-insecure-requests;/, '')
}

/** What each operation needs (src/auth/scopes.ts), for the document: `x-scope`, its security and a line. */
function declareScopes(doc: OpenApiObject, scopes: ReadonlyMap<string, RouteScope>): OpenApiObject {
  const d = doc as OpenApiObject & {
    components?: Record<string, Record<string, unknown>>
    paths?: Record<string, Record<string, Record<string, unknown>>>
  }
  d.components = { ...d.components, securitySchemes: { bearer: BEARER } }
  for (const [path, item] of Object.entries(d.paths ?? {}))
    for (const [method, op] of Object.entries(item)) {
      const scope = scopes.get(`${method.toUpperCase()} ${path}`)
      if (!scope) continue
      op['x-scope'] = scope
      op.security = scope === 'public' ? [] : [{ bearer: [] }]
      if (scope !== 'public')
        op.description = `${String(op.description ?? op.summary ?? '')}\n\nScope: \`${scope}\` (when AUTH_MODE is set).`
    }
  return doc
}

const BEARER = {
  type: 'http',
  scheme: 'bearer',
  description:
    'With AUTH_MODE=api-keys an API key (`npm run keys -- create`), with AUTH_MODE=jwt a JWT of the configured ' +
    "issuer whose `scope` (or `scp`) holds read, write or admin. A scope includes those below it. Each operation's " +
    '`x-scope` says which it needs; with AUTH_MODE=none (the default on a loopback HOST) nothing is checked.',
}

export default fp(
  async (app) => {
    // each route's scope, by the method and OpenAPI path the document lists it under
    const scopes = new Map<string, RouteScope>()
    app.addHook('onRoute', (route) => {
      const path = route.url.replace(/:(\w+)/g, '{$1}')
      const readOnly = (route.config as { readOnly?: boolean } | undefined)?.readOnly === true
      for (const method of [route.method].flat())
        scopes.set(`${method} ${path}`, routeScope(method, route.url, readOnly))
    })
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Fixed Income Pricing and Registry API',
          version: SERVICE_VERSION,
          description: DESCRIPTION,
        },
      },
      transformObject: (document) =>
        ('openapiObject' in document
          ? declareScopes(teachingDocument(document.openapiObject as OpenApiObject), scopes)
          : document.swaggerObject) as ReturnType<SwaggerTransformObject>,
    })
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      // the Authorize button keeps a bearer credential across reloads
      uiConfig: { deepLinking: true, persistAuthorization: true },
      staticCSP: true,
      transformStaticCSP: localOnlyCsp,
    })

    const hide = { schema: { hide: true } }
    app.get('/openapi.json', hide, async () => app.swagger())
    app.get('/redoc', hide, async (_request, reply) => reply.type('text/html; charset=utf-8').send(REDOC_PAGE))
    let bundle: string | undefined
    app.get('/redoc/redoc.standalone.js', hide, async (_request, reply) => {
      // Redoc's menu footer loads its logo from Redocly's CDN: point it at a local file instead
      bundle ??= readFileSync(REDOC_BUNDLE, 'utf8').replaceAll(REDOC_CDN_LOGO, '/redoc/logo-mini.svg')
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(bundle)
    })
    app.get('/redoc/logo-mini.svg', hide, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(LOGO),
    )
  },
  { name: 'openapi' },
)
