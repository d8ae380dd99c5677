/**
 * Sending the OpenAPI examples (src/api-docs/examples.ts) to an app: shared by the examples test and
 * `npm run api-examples`.
 */
import type { FastifyInstance } from 'fastify'
import { exampleRequest, exampleUrl } from '../../src/api-docs/examples.ts'
import { buildBulk } from '../bulk/app.ts'
import { build } from './app.ts'
import { waitFor } from './wait.ts'

export interface DocumentedOperation {
  operationId: string
  method: string
  path: string
}

interface Doc {
  paths: Record<string, Record<string, { operationId?: string }>>
}

/** Every operation of the app's OpenAPI document, in document order. */
export function documentedOperations(app: FastifyInstance): DocumentedOperation[] {
  const doc = app.swagger() as unknown as Doc
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.operationId)
      .map(([method, op]) => ({ operationId: op.operationId!, method: method.toUpperCase(), path })),
  )
}

/** Reads and calculations (GET, the pricer's POSTs, bulk preflights) can share one database; writes cannot. */
export const readOnly = (op: DocumentedOperation) =>
  op.method === 'GET' || op.path.startsWith('/api/v1/pricing/assets/') || op.path.endsWith('/preflight/')

export async function sendExample(app: FastifyInstance, op: DocumentedOperation) {
  const example = exampleRequest(op.operationId, op.path)
  if (op.operationId === 'getFixedIncomeRiskJob') example.params.job_id = await queuedJob(app)
  const url = exampleUrl(op.path, example)
  const response = await app.inject({
    method: op.method as 'GET',
    url,
    ...(example.body !== undefined ? { payload: example.body as object } : {}),
  })
  return {
    url,
    example,
    status: response.statusCode,
    body: response.body ? (JSON.parse(response.body) as unknown) : undefined,
  }
}

/** A job of the scenarios example, queued as `Prefer: respond-async` asks: what the job status example shows. */
async function queuedJob(app: FastifyInstance): Promise<string> {
  await waitFor(() => app.riskJobs.queues(1, true))
  const scenarios = exampleRequest('runFixedIncomeScenarios', '/api/v1/pricing/scenarios/')
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/pricing/scenarios/',
    headers: { prefer: 'respond-async' },
    payload: scenarios.body as object,
  })
  return (JSON.parse(res.body) as { job_id: string }).job_id
}

/**
 * A write's example on a fresh copy of the demo of its own (bulk deletions with their own queue and worker), closed
 * right after.
 */
export async function sendOnFreshDemo(op: DocumentedOperation) {
  const teardowns: (() => unknown)[] = []
  const context = { teardown: (fn: () => unknown) => void teardowns.unshift(fn) }
  try {
    const { app } = op.path.endsWith('/bulk-delete/')
      ? await buildBulk(context, { bundle: 'demo' })
      : await build(context, { bundle: 'demo' })
    return await sendExample(app, op)
  } finally {
    for (const fn of teardowns) await fn()
  }
}
