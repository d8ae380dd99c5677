/**
 * A risk route's work in three steps, so that a large request can be split into queued parts (risk-jobs.ts): `prepare`
 * (on the API: checks, the target, the scenarios: plain JSON), `compute` (one part: some of the assets, answered in
 * their order; any process with a pricing worker) and `compose` (every part's answers, in order, into the response).
 * A small request runs the three in place.
 */
import type { FastifyInstance } from 'fastify'

export type RiskRoute = 'scenarios' | 'var' | 'pnl-explain' | 'series'

export interface RiskWork<Prepared, Outcome, Response> {
  route: RiskRoute
  /** valuations the request costs: what decides whether it is queued */
  size(p: Prepared): number
  /** the assets whose outcomes `compute` answers, in order (parts are slices of them) */
  assets(p: Prepared): readonly string[]
  compute(app: FastifyInstance, p: Prepared, assets: readonly string[]): Promise<Outcome[]>
  compose(p: Prepared, outcomes: readonly Outcome[]): Response
}

/** Runs prepared work in place. */
export async function runInPlace<P, O, R>(app: FastifyInstance, work: RiskWork<P, O, R>, p: P): Promise<R> {
  return work.compose(p, await work.compute(app, p, work.assets(p)))
}
