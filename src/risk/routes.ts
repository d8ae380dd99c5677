/**
 * Risk beyond the peer: `POST /api/v1/pricing/batch/` (one operation over up to 10,000 assets, each item what
 * its single-asset route answers), `POST /api/v1/pricing/accounts/{account_uid}/risk/` (an account's holdings
 * snapshot priced with NPV, DV01 and key-rate DV01, and their totals), and scenarios, VaR, series and P&L explain
 * (scenarios.ts, var.ts, series.ts, pnl-explain.ts; large ones queued as jobs, risk-jobs.ts). All are query
 * calculations: they read and compute, and are never cached.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse } from '../contracts/common.ts'
import { bodyPartValidator } from '../http/part-validation.ts'
import { PRICER_OPERATIONS } from '../pricing/operations.ts'
import { OPERATION_PARAMETERS, type OperationKey } from '../pricing/schemas.ts'
import { accountRisk } from './account.ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Queue } from 'bullmq'
import { notFound } from '../http/errors.ts'
import { prepareScenarios, ScenariosRequest, ScenariosResponse, scenariosWork } from './scenarios.ts'
import { prepareVar, VarRequest, VarResponse, varWork } from './var.ts'
import { prepareSeries, SeriesRequest, SeriesResponse, seriesWork } from './series.ts'
import { PnlExplainRequest, PnlExplainResponse, pnlExplainWork, preparePnlExplain } from './pnl-explain.ts'
import { runInPlace, type RiskWork } from './work.ts'
import { priceItems } from './jobs.ts'
import {
  AccountRiskParams,
  AccountRiskRequest,
  AccountRiskResponse,
  BatchPricingRequest,
  BatchPricingResponse,
  RiskJobParams,
  RiskJobStatus,
} from './schemas.ts'

const TAG = 'risk'
const ERRORS = { 404: ErrorResponse, 422: ErrorResponse, 500: ErrorResponse, 503: ErrorResponse, 504: ErrorResponse }

/** Each operation's parameters checked as its single route checks them (unknown ones refused, defaults applied). */
const checkParameters = Object.fromEntries(
  PRICER_OPERATIONS.map((op) => [
    op.key,
    bodyPartValidator({
      type: 'object',
      properties: { parameters: OPERATION_PARAMETERS[op.key] },
      additionalProperties: true,
    }),
  ]),
) as Record<OperationKey, (body: unknown) => void>

/** `Prefer: respond-async` (RFC 7240): the caller would rather have a job than wait. */
const prefersAsync = (request: FastifyRequest) => /(^|[\s,])respond-async\b/i.test(String(request.headers.prefer ?? ''))

/** A risk route's answer: in place, or, when large (RISK_ASYNC_VALUATIONS) or asked, a 202 and its job. */
async function answer<P, O, R>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  work: RiskWork<P, O, R>,
  prepared: P,
): Promise<R | RiskJobStatus> {
  if (!app.riskJobs.queues(work.size(prepared), prefersAsync(request))) return runInPlace(app, work, prepared)
  const status = await app.riskJobs.submit(work, prepared)
  reply.code(202).header('location', status.status_url)
  return status
}

const ASYNC = {
  202: RiskJobStatus,
}
const ASYNC_NOTE =
  ' Above RISK_ASYNC_VALUATIONS valuations (or with `Prefer: respond-async`) it answers 202 with a job whose ' +
  '`status_url` gives its state and progress, then the result.'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/pricing/batch/',
    {
      config: { readOnly: true },
      schema: {
        operationId: 'priceFixedIncomeAssetsBatch',
        summary: 'One pricer operation over many assets',
        description:
          'Runs `operation` with `parameters` on every asset of `asset_uids` (1 to 10,000), as its single-asset ' +
          'route would: each item carries the status that route answers and its body (`result`) or error ' +
          '(`detail`). An asset that cannot be priced is one item; it never fails the batch. Market data is ' +
          'resolved once per distinct need and the pricing is spread over the pool. Never cached.',
        tags: [TAG],
        body: BatchPricingRequest,
        response: { 200: BatchPricingResponse, ...ERRORS },
      },
    },
    async (request) => {
      const body = request.body
      const op = PRICER_OPERATIONS.find((o) => o.key === body.operation)!
      const parameters = body.parameters ?? {}
      checkParameters[op.key]({ parameters })
      const data = {
        operation: op.key,
        valuation_date: body.valuation_date,
        market_data_set: body.market_data_set,
        parameters,
        asset_uids: body.asset_uids,
      }
      const results = app.pricingJobs.splits(data.asset_uids.length)
        ? await app.pricingJobs.run(data)
        : await priceItems(app, data)
      return { operation: op.key, valuation_date: body.valuation_date, market_data_set: body.market_data_set, results }
    },
  )

  app.post(
    '/api/v1/pricing/accounts/:account_uid/risk/',
    {
      config: { readOnly: true },
      schema: {
        operationId: 'getFixedIncomeAccountRisk',
        summary: "Risk of an account's holdings",
        description:
          "Prices the account's holdings snapshot (the latest at or before `holdings_date`): per position the NPV of " +
          'one unit, market_value = quantity × npv, dv01 = quantity × DV01 and key_rate_dv01 = quantity × ' +
          'key-rate duration × npv × 1e-4 per tenor; totals over the priced positions. A position that cannot be ' +
          'priced is listed with its status and detail and left out of the totals. Never cached.',
        tags: [TAG],
        params: AccountRiskParams,
        body: AccountRiskRequest,
        response: { 200: AccountRiskResponse, ...ERRORS },
      },
    },
    async (request) => accountRisk(app, request.params.account_uid, request.body),
  )

  app.post(
    '/api/v1/pricing/scenarios/',
    {
      config: { readOnly: true },
      schema: {
        operationId: 'runFixedIncomeScenarios',
        summary: 'What-if: a target revalued under scenarios of curve and model shocks',
        description:
          [
            "Revalues every item of `target` (asset_uids, or an account's holdings snapshot weighted by",
            'quantity) under each scenario, in full. Shocks: `parallel` (bp), `key_rate` ({tenor: bp}) and',
            '`twist` ({pivot, short_bp, long_bp}) as continuous zero spreads over the curves of the given `roles`',
            '(default discount, projection, z_spread_base; `inflation` when named) and `indexes` (default all);',
            '`optionlet_vol` and `short_rate_model` ({a, sigma}) as absolute changes. Per scenario and item:',
            'base value, scenario value, change (quantity × NPV); per scenario, totals over the priced items. An',
            'item that cannot be priced is listed with its status and detail. A single parallel shock of h bp',
            "gives effective risk's P(+h). Never cached.",
          ].join(' ') + ASYNC_NOTE,
        tags: [TAG],
        body: ScenariosRequest,
        response: { 200: ScenariosResponse, ...ASYNC, ...ERRORS },
      },
    },
    async (request, reply) => answer(app, request, reply, scenariosWork, await prepareScenarios(app, request.body)),
  )

  app.post(
    '/api/v1/pricing/var/',
    {
      config: { readOnly: true },
      schema: {
        operationId: 'getFixedIncomeHistoricalVar',
        summary: 'Historical VaR and expected shortfall of a target, by full revaluation',
        description:
          [
            'Scenario k moves every curve the target reads by its own observed change over `horizon_days` business',
            'days ending on the k-th business day of the `lookback_days` window (the discount curve calendar) that',
            "ends on the valuation date: at each node of today's observation, the end date's zero rate less the start",
            "date's; the curves are rebuilt with those changes. A date lacking an observation of a needed curve is",
            'skipped and listed. Answers the P&L vector, VaR (minus the ⌈N(1−c)⌉-th worst P&L) and expected shortfall',
            "(minus the mean of the P&Ls at or below it) per confidence, and the items' P&L in the VaR scenario.",
            'Never cached.',
          ].join(' ') + ASYNC_NOTE,
        tags: [TAG],
        body: VarRequest,
        response: { 200: VarResponse, ...ASYNC, ...ERRORS },
      },
    },
    async (request, reply) => answer(app, request, reply, varWork, await prepareVar(app, request.body)),
  )

  app.post(
    '/api/v1/pricing/series/',
    {
      config: { readOnly: true },
      schema: {
        operationId: 'getFixedIncomePricingSeries',
        summary: 'One pricer operation over each business day of a range',
        description:
          [
            'Runs `operation` with `parameters` on every asset of `asset_uids` (1 to 100) at the start (UTC) of each',
            "business day from `from_date` to `to_date` (the asset's discount curve calendar): each point is exactly",
            "the single-asset route's answer for that day; days it answers with an error (no market data: 409) are",
            'listed in `missing` with the status and detail. Never cached.',
          ].join(' ') + ASYNC_NOTE,
        tags: [TAG],
        body: SeriesRequest,
        response: { 200: SeriesResponse, ...ASYNC, ...ERRORS },
      },
    },
    async (request, reply) =>
      answer(app, request, reply, seriesWork, prepareSeries(request.body, checkParameters[request.body.operation])),
  )

  app.post(
    '/api/v1/pricing/pnl-explain/',
    {
      config: { readOnly: true },
      schema: {
        operationId: 'explainFixedIncomePnl',
        summary: 'P&L explain between two dates: carry, curves, fixings and key rates',
        description:
          [
            'Per item (quantity × one unit): value at from_date on its market data (V0), at to_date on its own (V1),',
            'cash flows paid between, total = V1 − V0 + paid, split sequentially so that it sums exactly: `carry`',
            "(to_date on from_date's curves seen from to_date, forwards unchanged), `curves` (to_date's curves",
            'instead; attributed to key rates as −KRD × V0 × zero-rate change, with a `residual`) and `fixings`',
            '(the fixings published between, against their forecasts). Totals over the priced items. Never cached.',
          ].join(' ') + ASYNC_NOTE,
        tags: [TAG],
        body: PnlExplainRequest,
        response: { 200: PnlExplainResponse, ...ASYNC, ...ERRORS },
      },
    },
    async (request, reply) => answer(app, request, reply, pnlExplainWork, await preparePnlExplain(app, request.body)),
  )

  app.get(
    '/api/v1/pricing/jobs/:job_id/',
    {
      schema: {
        operationId: 'getFixedIncomeRiskJob',
        summary: 'A queued risk request: its state and progress, then its result',
        description:
          'The job a risk route (scenarios, var, pnl-explain, series) answered 202 with: its state (waiting-children ' +
          'while its parts are priced), progress (parts done of total) and, once completed, `result`: what the ' +
          'route answers in place. Kept RISK_JOB_KEEP_SECONDS after it finishes; 404 after that or for no such job.',
        tags: [TAG],
        params: RiskJobParams,
        response: { 200: RiskJobStatus, 404: ErrorResponse, 422: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => {
      const status = await app.riskJobs.status(app.pricingJobs.queue as unknown as Queue, request.params.job_id)
      if (!status) throw notFound(`Risk job '${request.params.job_id}' was not found (or has expired).`)
      return status
    },
  )
}

export default routes
