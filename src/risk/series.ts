/**
 * `POST /api/v1/pricing/series/`: one pricer operation on each business day of a range, per asset. The days are the
 * business days of the asset's discount curve calendar (its selection at `to_date`; weekends only for a bond priced
 * without one); each point is exactly the single-asset route's answer at that day's start (UTC), and a day it
 * answers with an error (no market data: a 409 that names what is missing) is listed with that status and detail.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { DateTime, JsonObject, Uid } from '../contracts/common.ts'
import { unprocessable } from '../http/errors.ts'
import { PRICER_OPERATIONS } from '../pricing/operations.ts'
import { pricingContexts } from '../pricing/context.ts'
import { contextQuery, pricingRequest } from '../pricing/price.ts'
import { OPERATION_KEYS } from '../pricing/schemas.ts'
import { businessDaysBetweenDates, curveCalendar } from './business-days.ts'
import { priceEach } from './items.ts'
import type { RiskWork } from './work.ts'

export const MAX_SERIES_ASSETS = 100
export const MAX_SERIES_DAYS = 3700

const MarketDataSet = Type.String({ minLength: 1, pattern: '\\S', description: 'market-data set key or uid' })

export const SeriesRequest = Type.Object(
  {
    market_data_set: MarketDataSet,
    from_date: DateTime,
    to_date: DateTime,
    operation: Type.Enum(OPERATION_KEYS, { description: 'one of the ten pricer operations' }),
    parameters: Type.Optional({
      ...JsonObject,
      default: {},
      description: "the operation's parameters, exactly as on its single-asset route (validated the same way)",
    }),
    asset_uids: Type.Array(Uid, { minItems: 1, maxItems: MAX_SERIES_ASSETS, uniqueItems: true }),
  },
  { additionalProperties: false, title: 'SeriesRequest' },
)
export type SeriesRequest = Static<typeof SeriesRequest>

export const SeriesResponse = Type.Object(
  {
    market_data_set: Type.String(),
    operation: Type.String(),
    from_date: DateTime,
    to_date: DateTime,
    series: Type.Array(
      Type.Object(
        {
          asset_uid: Type.String(),
          status: Type.Integer({ description: '200, or why the asset has no series at all (its 404, ...)' }),
          detail: Type.Optional(Type.String()),
          calendar: Type.Optional(Type.String({ description: 'the calendar whose business days are priced' })),
          points: Type.Array(
            Type.Object(
              {
                date: Type.String(),
                result: { ...JsonObject, description: "the single-asset route's 200 body for that day" },
              },
              { additionalProperties: false },
            ),
          ),
          missing: Type.Array(
            Type.Object(
              { date: Type.String(), status: Type.Integer(), detail: Type.String() },
              { additionalProperties: false },
            ),
            { description: 'business days the single route answers with an error (no market data: 409)' },
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'SeriesResponse' },
)
export type SeriesResponse = Static<typeof SeriesResponse>

type Series = SeriesResponse['series'][number]

export interface PreparedSeries {
  body: SeriesRequest
  from: string
  to: string
  /** calendar days in the range: the size of each asset's series, at most */
  days: number
}

/** The request's checks: its operation's parameters (as the single route checks them) and its range. */
export function prepareSeries(body: SeriesRequest, checkParameters: (body: unknown) => void): PreparedSeries {
  checkParameters({ parameters: body.parameters ?? {} })
  const from = body.from_date.slice(0, 10)
  const to = body.to_date.slice(0, 10)
  if (from > to) throw unprocessable(`from_date ${from} is after to_date ${to}.`)
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1
  if (days > MAX_SERIES_DAYS)
    throw unprocessable(`from_date to to_date spans more than ${MAX_SERIES_DAYS} days; split the range.`)
  return { body, from, to, days }
}

export const seriesWork: RiskWork<PreparedSeries, Series, SeriesResponse> = {
  route: 'series',
  size: (p) => p.body.asset_uids.length * p.days,
  assets: (p) => p.body.asset_uids,
  compute: seriesOf,
  compose: ({ body }, series) => ({
    market_data_set: body.market_data_set,
    operation: body.operation,
    from_date: body.from_date,
    to_date: body.to_date,
    series: [...series],
  }),
}

/** Each asset's series over the range, in order. */
async function seriesOf(app: FastifyInstance, p: PreparedSeries, assets: readonly string[]): Promise<Series[]> {
  const { body, from, to } = p
  const op = PRICER_OPERATIONS.find((o) => o.key === body.operation)!
  const parameters = body.parameters ?? {}
  const at = (day: string) =>
    pricingRequest(op, { valuation_date: `${day}T00:00:00.000Z`, market_data_set: body.market_data_set, parameters })
  const last = at(to)
  const contexts = await pricingContexts(
    app,
    assets.map((uid) => contextQuery(last, uid)),
  )
  const series: Series[] = []
  const days = new Map<string, string[]>()
  assets.forEach((uid, i) => {
    const ctx = contexts[i]
    const s: Series = { asset_uid: uid, status: 200, points: [], missing: [] }
    series.push(s)
    if (!ctx || ctx.instrument_type === null) {
      Object.assign(s, { status: 404, detail: `Asset '${uid}' ${ctx ? 'has no pricing details' : 'was not found'}.` })
      return
    }
    const building = ctx.curves.find((c) => c.role === 'discount')?.building
    const cal = curveCalendar(building)
    s.calendar = cal.name
    for (const day of businessDaysBetweenDates(cal, from, to)) {
      let list = days.get(day)
      if (!list) days.set(day, (list = []))
      list.push(uid)
    }
  })
  const byUid = new Map(series.map((s) => [s.asset_uid, s]))
  for (const day of [...days.keys()].sort()) {
    const uids = days.get(day)!
    const outcomes = await priceEach(app, at(day), uids)
    outcomes.forEach((o, i) => {
      const s = byUid.get(uids[i])!
      if ('priced' in o) s.points.push({ date: day, result: { ...o.priced.envelope, ...o.priced.result } })
      else s.missing.push({ date: day, status: o.status, detail: o.detail })
    })
  }
  return series
}
