/** getApiSettings: the computed settings document, strict and stable. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { SERVICE_NAME, SERVICE_VERSION } from '../../src/service-info.ts'

t.test('settings', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ url: '/api/v1/settings/' })
  t.equal(res.statusCode, 200)
  const s = body<{
    app: object
    runtime: Record<string, unknown>
    documentation: object
    assumptions: { key: string }[]
  }>(res)
  t.same(s.app, { name: SERVICE_NAME, scope: 'apps/v1', version: SERVICE_VERSION })
  t.match(s.runtime, { schema_mutation_allowed: false, requires_migrations: true })
  t.same(s.documentation, { openapi_url: '/openapi.json', swagger_url: '/docs', redoc_url: '/redoc' })
  t.same(
    s.assumptions.map((a) => a.key),
    ['namespace', 'runtime_bootstrap', 'schema_management'],
  )
  t.equal((await app.inject({ url: '/api/v1/settings' })).statusCode, 200, 'trailing slash optional')
  t.equal((await app.inject({ method: 'POST', url: '/api/v1/settings/' })).statusCode, 404)
})
