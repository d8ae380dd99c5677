/**
 * Runs one operation on the pricing pool and maps its outcome to HTTP: the worker replies with data, never
 * with a thrown domain error (errors do not keep their type across threads), so the mapping is explicit.
 */
import type { FastifyInstance } from 'fastify'
import { conflict, HttpError, serviceUnavailable, unprocessable } from '../http/errors.ts'
import { BatchTimeout } from './batcher.ts'

/** What workers/pool-dispatch.ts replies for every task. */
export type WorkerReply<R> =
  | { ok: true; result: R }
  | { ok: false; error: { kind: WorkerErrorKind; message: string; field?: string } }

/**
 * `market_data`: the stored market data cannot price this instrument (missing fixing, curve too short, ...)
 * `terms`: the stored instrument terms cannot be priced; `parameters`: a request parameter is invalid;
 * `convergence`: a solver did not converge within the requested accuracy/iterations.
 */
export type WorkerErrorKind = 'market_data' | 'terms' | 'parameters' | 'convergence' | 'unsupported'

export class PricingFailure extends Error {
  override readonly name = 'PricingFailure'
}

export async function runOnPool<R>(app: FastifyInstance, task: unknown): Promise<R> {
  let reply: WorkerReply<R>
  try {
    reply = (await app.pricerBatches.run(task)) as WorkerReply<R>
  } catch (error) {
    const message = (error as Error).message ?? ''
    if (/queue is at limit/i.test(message)) throw serviceUnavailable('The pricing pool is saturated; retry shortly.')
    if (error instanceof BatchTimeout) throw new PricingFailure(message)
    // a crashed or failing worker: Piscina replaces it; this request's batch fails (500, cause logged)
    throw new PricingFailure(`pricing worker failed: ${message}`)
  }
  if (reply.ok) return reply.result
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
