/**
 * `GET /api/v1/settings/` (getApiSettings): what this deployment is and assumes. Computed from the package and
 * the environment; no table backs it (reference/routes.md §1).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Nullable } from '../contracts/common.ts'
import { SERVICE_NAME, SERVICE_VERSION } from '../service-info.ts'

const strict = { additionalProperties: false } as const
const Scalar = Nullable(Type.Union([Type.String(), Type.Number(), Type.Boolean()]))

export const ApiSettingsResponse = Type.Object(
  {
    app: Type.Object({ name: Type.String(), scope: Type.String(), version: Type.String() }, strict),
    runtime: Type.Object(
      {
        namespace: Type.String(),
        namespace_source: Type.String(),
        default_namespace: Type.String(),
        auto_register_enabled: Type.Boolean(),
        management_mode: Type.String(),
        schema_mutation_allowed: Type.Boolean(),
        requires_migrations: Type.Boolean(),
      },
      strict,
    ),
    documentation: Type.Object(
      { openapi_url: Type.String(), swagger_url: Type.String(), redoc_url: Type.String() },
      strict,
    ),
    assumptions: Type.Array(
      Type.Object(
        { key: Type.String(), label: Type.String(), value: Scalar, source: Type.String(), description: Type.String() },
        strict,
      ),
    ),
  },
  { ...strict, title: 'ApiSettingsResponse' },
)

const DEFAULT_NAMESPACE = 'fixed-income'
const NAMESPACE_ENV = 'SERVICE_NAMESPACE'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const fromEnv = process.env[NAMESPACE_ENV]?.trim()
  const namespace = fromEnv || DEFAULT_NAMESPACE
  const namespaceSource = fromEnv ? NAMESPACE_ENV : 'default'
  const settings = {
    app: { name: SERVICE_NAME, scope: 'apps/v1', version: SERVICE_VERSION },
    runtime: {
      namespace,
      namespace_source: namespaceSource,
      default_namespace: DEFAULT_NAMESPACE,
      auto_register_enabled: Boolean(fromEnv),
      // the service applies its own numbered migrations at start; the API never changes the schema
      management_mode: 'service_managed',
      schema_mutation_allowed: false,
      requires_migrations: true,
    },
    documentation: { openapi_url: '/openapi.json', swagger_url: '/docs', redoc_url: '/redoc' },
    assumptions: [
      {
        key: 'namespace',
        label: 'Namespace',
        value: namespace,
        source: namespaceSource,
        description: `Logical namespace of this deployment (${NAMESPACE_ENV} overrides the default).`,
      },
      {
        key: 'runtime_bootstrap',
        label: 'Runtime bootstrap',
        value: 'startup_attachment',
        source: 'apps/v1 runtime bootstrap',
        description: 'Database, pricing pool and queue are attached when the process starts.',
      },
      {
        key: 'schema_management',
        label: 'Schema management',
        value: 'migrations_required',
        source: 'apps/v1 runtime bootstrap',
        description: 'The schema comes from numbered SQL migrations applied at start (npm run migrate).',
      },
    ],
  }
  app.get(
    '/api/v1/settings/',
    {
      schema: {
        operationId: 'getApiSettings',
        summary: 'Service settings and assumptions',
        tags: ['settings'],
        response: { 200: ApiSettingsResponse },
      },
    },
    async () => settings,
  )
}

export default routes
