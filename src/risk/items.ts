/**
 * Pricing many assets of one request: contexts loaded together (src/pricing/repository.ts), then each asset exactly as
 * its single route prices it, fed to the pool a slice at a time (the pool's queue is bounded: thousands of tasks at
 * once would be refused). An asset that fails is one item with the status and detail its single route would answer.
 */
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http/errors.ts'
import { pricingContexts, requirePricingDetails } from '../pricing/context.ts'
import { benchmarkLoader, contextQuery, priceInContext, type Priced, type PricingRequest } from '../pricing/price.ts'

export type ItemOutcome =
  { asset_uid: string; status: 200; priced: Priced } | { asset_uid: string; status: number; detail: string }

/** Pricing tasks in flight at once: enough to fill every thread's batches, few enough for the pool's queue. */
const SLICE = 256

const GENERIC_FAILURE = 'Internal server error. The failure was logged with this request id.'

export async function priceEach(
  app: FastifyInstance,
  req: PricingRequest,
  assetUids: readonly string[],
): Promise<ItemOutcome[]> {
  const contexts = await pricingContexts(
    app,
    assetUids.map((uid) => contextQuery(req, uid)),
  )
  const benchmark = benchmarkLoader(app, req)
  const outcomes: ItemOutcome[] = new Array(assetUids.length)
  for (let start = 0; start < assetUids.length; start += SLICE) {
    await Promise.all(
      assetUids.slice(start, start + SLICE).map(async (uid, k) => {
        const i = start + k
        try {
          outcomes[i] = {
            asset_uid: uid,
            status: 200,
            priced: await priceInContext(app, req, requirePricingDetails(contexts[i], uid), benchmark),
          }
        } catch (error) {
          if (error instanceof HttpError && error.statusCode < 500) {
            outcomes[i] = { asset_uid: uid, status: error.statusCode, detail: error.detail }
          } else {
            app.log.error({ err: error, asset_uid: uid }, 'pricing failed in a batch')
            outcomes[i] = {
              asset_uid: uid,
              status: error instanceof HttpError ? error.statusCode : 500,
              detail: error instanceof HttpError ? error.detail : GENERIC_FAILURE,
            }
          }
        }
      }),
    )
  }
  return outcomes
}
