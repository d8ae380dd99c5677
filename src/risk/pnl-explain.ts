/**
 * `POST /api/v1/pricing/pnl-explain/`: why the value moved between two dates. Per item (quantity × one unit): the value
 * at from_date on its market data, at to_date on its own, the cash flows paid between, total = V1 − V0 + paid, and
 * its sequential split carry + curves + fixings = total (workers/operations/pnl-explain.ts), `curves` attributed to
 * key rates (KRD × zero-rate change) with a residual. Totals over the priced items.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { DateTime } from '../contracts/common.ts'
import { KEY_RATE_TENORS, type PricingTask } from '../contracts/pricing.ts'
import { HttpError, unprocessable } from '../http/errors.ts'
import { pricingContexts, requirePricingDetails } from '../pricing/context.ts'
import { contextQuery, pricingRequest, taskInContext } from '../pricing/price.ts'
import { BumpBp, CurveQuoteSide, KeyRateTenors } from '../pricing/schemas.ts'
import { priceEach, type ItemOutcome } from './items.ts'
import type { RiskWork } from './work.ts'
import { targetAssets, TargetEcho, targetEcho } from './scenarios.ts'
import { resolveTarget, Target, type ResolvedTarget } from './targets.ts'

const MarketDataSet = Type.String({ minLength: 1, pattern: '\\S', description: 'market-data set key or uid' })

export const PnlExplainRequest = Type.Object(
  {
    market_data_set: MarketDataSet,
    from_date: DateTime,
    to_date: DateTime,
    target: Target,
    parameters: Type.Optional(
      Type.Object(
        { curve_quote_side: CurveQuoteSide, bump_bp: BumpBp, key_rate_tenors: KeyRateTenors },
        { additionalProperties: false, default: {} },
      ),
    ),
  },
  { additionalProperties: false, title: 'PnlExplainRequest' },
)
export type PnlExplainRequest = Static<typeof PnlExplainRequest>

const Num = Type.Number()
const Split = {
  value_from: { ...Num, description: 'V0: quantity × NPV at from_date on its market data' },
  value_to: { ...Num, description: 'V1: quantity × NPV at to_date on its market data' },
  paid: { ...Num, description: 'cash flows paid between the two curve reference dates' },
  total: { ...Num, description: 'V1 − V0 + paid = carry + curves + fixings' },
  carry: {
    ...Num,
    description: "to_date on from_date's curves seen from to_date (forwards unchanged), less V0, + paid",
  },
  curves: { ...Num, description: "to_date's curves instead (coupons fixed meanwhile at their earlier forecasts)" },
  fixings: { ...Num, description: 'the fixings published between the dates, against their forecasts' },
  key_rates: Type.Record(Type.String(), Num, {
    description: 'tenor → −KRD × V0 × Δzero (the discount curve, to_date against from_date seen from to_date)',
  }),
  residual: { ...Num, description: 'curves − the sum of key_rates' },
}

export const PnlExplainResponse = Type.Object(
  {
    market_data_set: Type.String(),
    from_date: DateTime,
    to_date: DateTime,
    target: TargetEcho,
    key_rate_tenors: Type.Array(Type.String()),
    totals: Type.Object(
      { ...Split, priced_items: Type.Integer(), unpriced_items: Type.Integer() },
      { additionalProperties: false, description: 'sums over the priced items' },
    ),
    items: Type.Array(
      Type.Object(
        {
          asset_uid: Type.Union([Type.String(), Type.Null()]),
          asset_identifier: Type.String(),
          quantity: Num,
          status: Type.Integer(),
          detail: Type.Optional(Type.String()),
          ...Object.fromEntries(Object.entries(Split).map(([k, v]) => [k, Type.Optional(v)])),
          key_rate_detail: Type.Optional(
            Type.Array(
              Type.Object(
                { tenor: Type.String(), duration: Num, zero_change: Num, contribution: Num },
                { additionalProperties: false },
              ),
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'PnlExplainResponse' },
)
export type PnlExplainResponse = Static<typeof PnlExplainResponse>

interface Explained {
  v0: number
  v1: number
  paid: number
  carried: number
  curved: number
  key_rates: { tenor: string; duration: number; zero_change: number; contribution: number }[]
}

type SplitValues = { [K in keyof typeof Split]: K extends 'key_rates' ? Record<string, number> : number }

function split(e: Explained, q: number): SplitValues {
  const v0 = q * e.v0
  const v1 = q * e.v1
  const paid = q * e.paid
  const carried = q * e.carried
  const curved = q * e.curved
  const carry = carried - v0 + paid
  const curves = curved - carried
  const fixings = v1 - curved
  const keyRates = Object.fromEntries(e.key_rates.map((k) => [k.tenor, q * k.contribution]))
  return {
    value_from: v0,
    value_to: v1,
    paid,
    total: carry + curves + fixings,
    carry,
    curves,
    fixings,
    key_rates: keyRates,
    residual: curves - Object.values(keyRates).reduce((s, x) => s + x, 0),
  }
}

type Outcome = { status: 200; result: Explained } | { status: number; detail: string }

/** Each asset's explanation: its earlier task built first (a failure there is the item's), then both priced. */
async function explainEach(
  app: FastifyInstance,
  body: PnlExplainRequest,
  assets: readonly string[],
): Promise<Outcome[]> {
  const parameters = body.parameters ?? {}
  const at = (date: string) =>
    pricingRequest({ key: 'pnl-explain' }, { valuation_date: date, market_data_set: body.market_data_set, parameters })
  const from = at(body.from_date)
  const contexts = await pricingContexts(
    app,
    assets.map((uid) => contextQuery(from, uid)),
  )
  const earlier = new Map<string, PricingTask>()
  const out = new Map<string, ItemOutcome>()
  await Promise.all(
    assets.map(async (uid, i) => {
      try {
        earlier.set(uid, await taskInContext(from, requirePricingDetails(contexts[i], uid)))
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        out.set(uid, { asset_uid: uid, status: error.statusCode, detail: `At from_date: ${error.detail}` })
      }
    }),
  )
  const to = at(body.to_date)
  to.extendTask = (task) => {
    task.explain_from = earlier.get(task.asset_uid)
  }
  const priced = assets.filter((uid) => earlier.has(uid))
  ;(await priceEach(app, to, priced)).forEach((o, i) => out.set(priced[i], o))
  return assets.map((uid) => {
    const o = out.get(uid)!
    return 'priced' in o
      ? { status: 200, result: o.priced.result as unknown as Explained }
      : { status: o.status, detail: o.detail }
  })
}

export interface PreparedPnlExplain {
  body: PnlExplainRequest
  target: ResolvedTarget
  assets: string[]
}

export async function preparePnlExplain(app: FastifyInstance, body: PnlExplainRequest): Promise<PreparedPnlExplain> {
  if (body.from_date >= body.to_date)
    throw unprocessable(`from_date ${body.from_date} must be before to_date ${body.to_date}.`)
  const target = await resolveTarget(app, body.target)
  return { body, target, assets: targetAssets(target) }
}

export const pnlExplainWork: RiskWork<PreparedPnlExplain, Outcome, PnlExplainResponse> = {
  route: 'pnl-explain',
  // two valuations and key-rate durations (two per tenor) per asset
  size: (p) => p.assets.length * (2 + 2 * (p.body.parameters?.key_rate_tenors ?? KEY_RATE_TENORS).length),
  assets: (p) => p.assets,
  compute: (app, p, assets) => explainEach(app, p.body, assets),
  compose: composePnlExplain,
}

function composePnlExplain({ body, target, assets }: PreparedPnlExplain, list: readonly Outcome[]): PnlExplainResponse {
  const outcomes = new Map(assets.map((uid, i) => [uid, list[i]]))
  const tenors = body.parameters?.key_rate_tenors ?? [...KEY_RATE_TENORS]
  const zero = (): SplitValues => ({
    value_from: 0,
    value_to: 0,
    paid: 0,
    total: 0,
    carry: 0,
    curves: 0,
    fixings: 0,
    key_rates: Object.fromEntries(tenors.map((t) => [t, 0])),
    residual: 0,
  })
  const totals = { ...zero(), priced_items: 0, unpriced_items: 0 }
  const items = target.items.map((it) => {
    const ref = { asset_uid: it.asset_uid, asset_identifier: it.asset_identifier, quantity: it.quantity }
    const o = it.asset_uid === null ? undefined : outcomes.get(it.asset_uid)
    if (!o || !('result' in o)) {
      totals.unpriced_items++
      return { ...ref, ...(o ?? { status: 404, detail: `Asset '${it.asset_identifier}' was not found.` }) }
    }
    const e = o.result
    const s = split(e, it.quantity)
    totals.priced_items++
    for (const k of ['value_from', 'value_to', 'paid', 'total', 'carry', 'curves', 'fixings', 'residual'] as const)
      totals[k] += s[k]
    for (const [t, x] of Object.entries(s.key_rates)) totals.key_rates[t] += x
    return {
      ...ref,
      status: 200,
      ...s,
      key_rate_detail: e.key_rates.map((k) => ({ ...k, contribution: it.quantity * k.contribution })),
    }
  })
  return {
    market_data_set: body.market_data_set,
    from_date: body.from_date,
    to_date: body.to_date,
    target: targetEcho(target),
    key_rate_tenors: tenors,
    totals,
    items,
  }
}
