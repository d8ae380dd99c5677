/**
 * Bulk deletion of asset categories, portfolios and portfolio groups: discovery (GET), preflight (POST,
 * read-only) and execution (POST). Execution repeats the preflight; a blocked selection is 409 and nothing is
 * queued; otherwise one BullMQ job deletes the selection in one transaction and the request waits for it.
 */
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { BulkActionPreflightResponse, BulkActionRequest } from '../contracts/bulk-action.ts'
import { ErrorResponse } from '../contracts/common.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { HttpError, conflict } from '../http/errors.ts'
import { checkSelection, preflightResponse, selectedUids } from './preflight.ts'
import { BulkJobFailed } from './queue.ts'
import { BULK_RESOURCES, type BulkResource } from './resources.ts'
import { BulkDeleteResponse, PortfolioBulkDeleteResponse } from './schemas.ts'

const ERRORS = { 400: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }

function observe(
  app: FastifyInstance,
  resource: BulkResource,
  outcome: string,
  timings: BulkJobFailed['timings'],
): void {
  app.metrics.bulkExecutions.inc({ resource: resource.key, outcome })
  if (!timings) return
  const labels = { resource: resource.key, state: timings.state }
  if (timings.queuedSeconds !== null)
    app.metrics.bulkJobSeconds.observe({ ...labels, phase: 'queued' }, timings.queuedSeconds)
  if (timings.runSeconds !== null) app.metrics.bulkJobSeconds.observe({ ...labels, phase: 'run' }, timings.runSeconds)
}

async function execute(app: FastifyInstance, resource: BulkResource, body: BulkActionRequest) {
  const uids = selectedUids(body)
  const check = await checkSelection(app.sql, resource, uids)
  const preflight = preflightResponse(resource, uids, check)
  if (!preflight.allowed) {
    observe(app, resource, 'blocked', null)
    throw conflict(
      check.blockers.length ? check.blockers.join(' ') : (preflight.detail ?? 'The selection cannot be deleted.'),
    )
  }
  let run
  try {
    run = await app.bulkQueue.run({ resource: resource.key, uids })
  } catch (error) {
    const status = error instanceof HttpError ? error.statusCode : 500
    observe(
      app,
      resource,
      status === 503 ? 'unavailable' : status === 504 ? 'timeout' : 'failed',
      error instanceof BulkJobFailed ? error.timings : null,
    )
    throw error
  }
  const { result, timings } = run
  if (result.outcome === 'blocked') {
    // the selection changed between the preflight and the job (e.g. an overlapping delete took some rows)
    observe(app, resource, 'blocked', timings)
    throw conflict(result.blockers.join(' '))
  }
  observe(app, resource, 'deleted', timings)
  return { detail: resource.deletedDetail(result.counts.deleted_count), ...result.counts }
}

const plugin: FastifyPluginAsyncTypebox = async (app) => {
  for (const resource of Object.values(BULK_RESOURCES)) {
    const { collection, tag, operationIds } = resource
    discoveryRoute(app, `${collection}/discovery/`, operationIds.discover, tag, resource.discovery)

    app.post(
      `${collection}/bulk-delete/preflight/`,
      {
        config: { readOnly: true },
        schema: {
          operationId: operationIds.preflight,
          tags: [tag],
          summary: `Preflight a bulk delete of ${resource.plural} (read-only)`,
          body: BulkActionRequest,
          response: { 200: BulkActionPreflightResponse, ...ERRORS },
        },
      },
      async (request) => {
        const uids = selectedUids(request.body)
        return preflightResponse(resource, uids, await checkSelection(app.sql, resource, uids))
      },
    )

    const isPortfolio = resource.key === 'portfolios'
    app.post(
      `${collection}/bulk-delete/`,
      {
        schema: {
          operationId: operationIds.execute,
          tags: [tag],
          summary: `Delete the selected ${resource.plural}`,
          description:
            'Repeats the preflight; a blocked selection is 409 and nothing is deleted. 503 while the bulk-delete ' +
            'queue (Redis) is unreachable.',
          body: BulkActionRequest,
          response: {
            200: isPortfolio ? PortfolioBulkDeleteResponse : BulkDeleteResponse,
            ...ERRORS,
            500: ErrorResponse,
            503: ErrorResponse,
            504: ErrorResponse,
          },
        },
      },
      async (request) => {
        const body = await execute(app, resource, request.body)
        return isPortfolio ? { ...body, failed: [] } : { detail: body.detail, deleted_count: body.deleted_count }
      },
    )
  }
}

export default plugin
