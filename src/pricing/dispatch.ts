/**
 * Runs one operation on the pricing pool and maps its outcome to HTTP: the worker replies with data, never
 * with a thrown domain error (errors do not keep their type across threads), so the mapping is explicit.
 */
import type { FastifyInstance } from 'fastify'
import { conflict, HttpError, serviceUnavailable, unprocessable } from '../http/errors.ts'
import { PoolBusy, refusedBeforeRun, TaskTimeout, WorkerDied } from './batcher.ts'
import type { WorkerReply } from '../contracts/pricing.ts'

export type { WorkerErrorKind, WorkerReply } from '../contracts/pricing.ts'

export class PricingFailure extends Error {
  override readonly name = 'PricingFailure'
}

/**
 * What a request answers when its pricing did not complete (docs/architecture.md, "Pricing isolation"): its own time
 * limit 504, no thread free in time or its worker's memory limit 503, a crashed worker a generic 500 (cause logged).
 * Each names the limit to change; none ever fails another request of its batch (src/pricing/batcher.ts).
 */
function poolFailure(error: unknown): Error {
  if (error instanceof TaskTimeout) {
    return new HttpError(
      504,
      `The pricing ran over its time limit (PRICER_TASK_TIMEOUT_MS = ${error.limitMs} ms) and was stopped; its ` +
        `worker was replaced.`,
    )
  }
  if (error instanceof PoolBusy)
    return serviceUnavailable(
      `No pricing thread was free within PRICER_QUEUE_TIMEOUT_MS (${error.limitMs} ms); retry shortly.`,
    )
  if (error instanceof WorkerDied && error.outOfMemory) {
    return serviceUnavailable(
      'The pricing exceeded the memory limit of its worker (PRICER_WORKER_MAX_MEMORY_MB) and was stopped; its worker ' +
        'was replaced.',
    )
  }
  const message = (error as Error | undefined)?.message ?? ''
  if (/queue is at limit/i.test(message)) return serviceUnavailable('The pricing pool is saturated; retry shortly.')
  if (refusedBeforeRun(error)) return serviceUnavailable('The service is shutting down; retry shortly.')
  // a crashed worker: Piscina replaces it; this request alone fails (500, cause logged)
  return new PricingFailure(error instanceof WorkerDied ? message : `pricing worker failed: ${message}`)
}

/** The pool's answer to a task, or the HTTP error its failure maps to. */
async function settle<R>(app: FastifyInstance, task: unknown): Promise<Extract<WorkerReply<R>, { ok: true }>> {
  let reply: WorkerReply<R>
  try {
    reply = (await app.pricerBatches.run(task)) as WorkerReply<R>
  } catch (error) {
    throw poolFailure(error)
  }
  if (reply.ok) return reply
  const { kind, message, field } = reply.error
  const where = field ? ` (${field})` : ''
  switch (kind) {
    case 'market_data':
      throw conflict(`${message}${where}`)
    case 'terms':
      throw conflict(`The stored instrument terms cannot be priced: ${message}${where}`)
    case 'parameters':
    case 'convergence':
      throw unprocessable(`${message}${where}`)
    case 'unsupported':
      throw new HttpError(400, message)
    default:
      throw new PricingFailure(`unexpected worker error: ${message}`)
  }
}

export async function runOnPool<R>(app: FastifyInstance, task: unknown): Promise<R> {
  const reply = await settle<R>(app, task)
  if ('result' in reply) return reply.result
  throw new PricingFailure('the pricing worker answered JSON text to a task that asked for data')
}

/** A task with `reply_json`: its result as the JSON text of its response model's result part. */
export async function runOnPoolJson(app: FastifyInstance, task: unknown): Promise<string> {
  const reply = await settle(app, task)
  if ('json' in reply) return reply.json
  throw new PricingFailure('the pricing worker answered data to a task that asked for JSON text')
}
