/**
 * `POST /api/v1/pricing/var/`: historical VaR and expected shortfall by full revaluation. The window is the
 * `lookback_days` business days (the discount curve's calendar) ending on the valuation date; scenario k moves every
 * curve the target reads by that curve's own observed change over `horizon_days` business days ending on the k-th
 * date: at each node of today's observation, the zero rate of the end date's observation less the start date's (each
 * read at that node's days, linearly between its own nodes, flat beyond). The curves are rebuilt with those changes
 * (revalue.ts), exactly as a set whose curves were shifted by hand would price. A date on which a curve the target
 * reads has no observation (at its start or its end) is skipped and listed with the reason.
 *
 * VaR at confidence c is minus the m-th worst P&L, m = ⌈N(1 − c)⌉; expected shortfall minus the mean of the P&Ls at
 * or below it.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { DateTime } from '../contracts/common.ts'
import { decodeCurve, type CurveNodes } from '../db/curve-payload.ts'
import { conflict } from '../http/errors.ts'
import { contentKey } from '../pricing/content-key.ts'
import { pricingContexts } from '../pricing/context.ts'
import { contextQuery, pricingRequest } from '../pricing/price.ts'
import { CurveQuoteSide } from '../pricing/schemas.ts'
import { businessDaysBefore, businessDaysEnding, curveCalendar } from './business-days.ts'
import { curveObservations } from './repository.ts'
import { revalue, type RevaluedItem, type ScenarioPlan } from './revalue.ts'
import { targetAssets, TargetEcho, targetEcho } from './scenarios.ts'
import { resolveTarget, Target, type ResolvedTarget } from './targets.ts'
import type { RiskWork } from './work.ts'

const MarketDataSet = Type.String({ minLength: 1, pattern: '\\S', description: 'market-data set key or uid' })

export const VarRequest = Type.Object(
  {
    valuation_date: DateTime,
    market_data_set: MarketDataSet,
    target: Target,
    lookback_days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2500, default: 250, description: 'business days of history (default 250)' }),
    ),
    horizon_days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 250, default: 1, description: 'business days of each change (default 1)' }),
    ),
    confidence: Type.Optional(
      Type.Array(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }), {
        minItems: 1,
        maxItems: 10,
        default: [0.95, 0.99],
        description: 'confidence levels (default [0.95, 0.99])',
      }),
    ),
    parameters: Type.Optional(
      Type.Object({ curve_quote_side: CurveQuoteSide }, { additionalProperties: false, default: {} }),
    ),
  },
  { additionalProperties: false, title: 'VarRequest' },
)
export type VarRequest = Static<typeof VarRequest>

const Num = Type.Number()
const ItemRef = {
  asset_uid: Type.Union([Type.String(), Type.Null()]),
  asset_identifier: Type.String(),
  quantity: Num,
}

export const VarResponse = Type.Object(
  {
    valuation_date: DateTime,
    market_data_set: Type.String(),
    target: TargetEcho,
    lookback_days: Type.Integer(),
    horizon_days: Type.Integer(),
    base_value: { ...Num, description: 'sum of quantity × NPV over the priced items' },
    scenario_dates: Type.Array(Type.String(), { description: 'the end date of each scenario, oldest first' }),
    start_dates: Type.Array(Type.String(), { description: "each scenario's start date (horizon_days before)" }),
    pnl: Type.Array(Num, { description: "the target's P&L in each scenario (scenario_dates' order)" }),
    var: Type.Array(
      Type.Object(
        {
          confidence: Num,
          rank: Type.Integer({ description: 'm = ⌈N(1 − c)⌉: the VaR scenario is the m-th worst' }),
          var: { ...Num, description: 'minus the m-th worst P&L' },
          expected_shortfall: { ...Num, description: 'minus the mean of the P&Ls at or below the m-th worst' },
          scenario_date: Type.String({ description: 'the VaR scenario' }),
          items: Type.Array(Type.Object({ ...ItemRef, pnl: Num }, { additionalProperties: false }), {
            description: "the priced items' P&L in the VaR scenario",
          }),
        },
        { additionalProperties: false },
      ),
    ),
    skipped: Type.Array(Type.Object({ date: Type.String(), reason: Type.String() }, { additionalProperties: false })),
    skipped_count: Type.Integer(),
    items: Type.Array(
      Type.Object(
        {
          ...ItemRef,
          status: Type.Integer(),
          base_value: Type.Optional(Num),
          detail: Type.Optional(Type.String({ description: 'why it could not be priced: left out of the P&L' })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'VarResponse' },
)
export type VarResponse = Static<typeof VarResponse>

/** A curve's zero rate at `days`: its node's, else linear between its nodes, flat beyond. */
export function zeroAt(nodes: CurveNodes, days: number): number {
  const d = nodes.days_to_maturity
  const z = nodes.zero
  const n = d.length
  if (days <= d[0]) return z[0]
  if (days >= d[n - 1]) return z[n - 1]
  let i = 1
  while (d[i] < days) i++
  if (d[i] === days) return z[i]
  return z[i - 1] + ((days - d[i - 1]) / (d[i] - d[i - 1])) * (z[i] - z[i - 1])
}

interface UsedCurve {
  identifier: string
  building: Record<string, unknown> | null
  role: string
  /** today's observation, whose nodes the changes are read at */
  nodes: CurveNodes
}

/** The curves the target's valuations read (discount, projection, inflation), by uid, and the set's data node. */
async function usedCurves(
  app: FastifyInstance,
  body: VarRequest,
  assets: readonly string[],
): Promise<{ curves: Map<string, UsedCurve>; node: string | null }> {
  const req = pricingRequest({ key: 'scenarios' }, { ...body, parameters: body.parameters ?? {} })
  const contexts = await pricingContexts(
    app,
    assets.map((uid) => contextQuery(req, uid)),
  )
  const curves = new Map<string, UsedCurve>()
  let node: string | null = null
  for (const ctx of contexts) {
    if (!ctx) continue
    node ??= ctx.discount_node_uid
    for (const row of ctx.curves) {
      if (row.role !== 'discount' && row.role !== 'projection' && row.role !== 'inflation') continue
      if (!row.curve_uid || !row.curve_identifier || !row.payload || !row.time_index || curves.has(row.curve_uid))
        continue
      const day = new Date(row.time_index).toISOString().slice(0, 10)
      curves.set(row.curve_uid, {
        identifier: row.curve_identifier,
        building: row.building,
        role: row.role,
        nodes: decodeCurve(row.payload, day),
      })
    }
  }
  return { curves, node }
}

/** The historical plan: each date's changes of every used curve, or the reason the date is skipped. */
async function historicalPlan(
  app: FastifyInstance,
  body: VarRequest,
  curves: Map<string, UsedCurve>,
  node: string,
): Promise<{
  plan: Extract<ScenarioPlan, { kind: 'historical' }>
  dates: string[]
  starts: string[]
  skipped: { date: string; reason: string }[]
}> {
  const lookback = body.lookback_days ?? 250
  const horizon = body.horizon_days ?? 1
  const discount = [...curves.values()].find((c) => c.role === 'discount') ?? [...curves.values()][0]
  const cal = curveCalendar(discount?.building)
  const ends = businessDaysEnding(cal, body.valuation_date.slice(0, 10), lookback)
  const begins = ends.map((d) => businessDaysBefore(cal, d, horizon))
  const ids = [...new Set([...curves.values()].map((c) => c.identifier))]
  const rows = await curveObservations(app.sql, node, ids, begins[0], ends[ends.length - 1])
  const history = new Map<string, Map<string, CurveNodes>>()
  for (const r of rows) {
    let byDay = history.get(r.curve_identifier)
    if (!byDay) history.set(r.curve_identifier, (byDay = new Map()))
    byDay.set(r.day, decodeCurve(r.payload, r.day))
  }
  const plan: Extract<ScenarioPlan, { kind: 'historical' }> = { kind: 'historical', count: 0, curves: {} }
  for (const [uid, c] of curves) plan.curves[uid] = { nodes: c.nodes.days_to_maturity.length, shifts: [], key: '' }
  const dates: string[] = []
  const starts: string[] = []
  const skipped: { date: string; reason: string }[] = []
  ends.forEach((end, k) => {
    const begin = begins[k]
    const changes: [string, number[]][] = []
    for (const [uid, c] of curves) {
      const byDay = history.get(c.identifier)
      const missing = [begin, end].find((d) => !byDay?.has(d))
      if (missing) {
        skipped.push({ date: end, reason: `curve '${c.identifier}' has no observation on ${missing}` })
        return
      }
      const to = byDay!.get(end)!
      const from = byDay!.get(begin)!
      changes.push([uid, c.nodes.days_to_maturity.map((days) => zeroAt(to, days) - zeroAt(from, days))])
    }
    for (const [uid, shifts] of changes) for (const s of shifts) plan.curves[uid].shifts.push(s)
    plan.count++
    dates.push(end)
    starts.push(begin)
  })
  for (const h of Object.values(plan.curves)) h.key = contentKey(h.shifts)
  return { plan, dates, starts, skipped }
}

/** VaR and ES of a P&L vector at each confidence (see the file's comment). */
export function varFromPnl(
  pnl: readonly number[],
  confidence: number,
): { rank: number; var: number; es: number; index: number } {
  const order = pnl.map((_, i) => i).sort((a, b) => pnl[a] - pnl[b] || a - b)
  const rank = Math.max(1, Math.ceil(pnl.length * (1 - confidence)))
  const index = order[rank - 1]
  const threshold = pnl[index]
  const tail = pnl.filter((x) => x <= threshold)
  return { rank, var: -threshold, es: -tail.reduce((s, x) => s + x, 0) / tail.length, index }
}

export interface HistoricalWindow {
  dates: string[]
  starts: string[]
  skipped: { date: string; reason: string }[]
}

export interface PreparedVar {
  body: VarRequest
  target: ResolvedTarget
  assets: string[]
  plan: ScenarioPlan
  window: HistoricalWindow
}

export async function prepareVar(app: FastifyInstance, body: VarRequest): Promise<PreparedVar> {
  const target = await resolveTarget(app, body.target)
  const assets = targetAssets(target)
  const { curves, node } = await usedCurves(app, body, assets)
  if (node === null || curves.size === 0)
    throw conflict(`No item of the target has a curve in market-data set '${body.market_data_set}' to move.`)
  const { plan, dates, starts, skipped } = await historicalPlan(app, body, curves, node)
  if (plan.count === 0)
    throw conflict(
      `No historical scenario in the last ${body.lookback_days ?? 250} business days: ` +
        `${skipped[skipped.length - 1]?.reason ?? 'no dates'} (and ${skipped.length - 1} more dates skipped).`,
    )
  return { body, target, assets, plan, window: { dates, starts, skipped } }
}

export const varWork: RiskWork<PreparedVar, RevaluedItem, VarResponse> = {
  route: 'var',
  size: (p) => p.assets.length * Math.max(1, p.window.dates.length),
  assets: (p) => p.assets,
  compute: (app, p, assets) => revalue(app, { ...p.body, ...p.body.parameters }, assets, p.plan),
  compose: (p, outcomes) =>
    composeVar(p.body, p.target, new Map(p.assets.map((uid, i) => [uid, outcomes[i]])), p.window),
}

export function composeVar(
  body: VarRequest,
  target: ResolvedTarget,
  revalued: ReadonlyMap<string, RevaluedItem>,
  window: HistoricalWindow,
): VarResponse {
  const n = window.dates.length
  const pnl = new Array<number>(n).fill(0)
  let baseValue = 0
  const items: VarResponse['items'] = []
  const priced: { ref: (typeof items)[number]; r: { npv: number; values: number[] } }[] = []
  for (const it of target.items) {
    const ref = { asset_uid: it.asset_uid, asset_identifier: it.asset_identifier, quantity: it.quantity }
    const r = it.asset_uid === null ? undefined : revalued.get(it.asset_uid)
    if (!r || !('values' in r)) {
      items.push({ ...ref, ...(r ?? { status: 404, detail: `Asset '${it.asset_identifier}' was not found.` }) })
      continue
    }
    const base = it.quantity * r.npv
    baseValue += base
    for (let k = 0; k < n; k++) pnl[k] += it.quantity * r.values[k] - base
    const item = { ...ref, status: 200, base_value: base }
    items.push(item)
    priced.push({ ref: item, r })
  }
  const confidence = body.confidence ?? [0.95, 0.99]
  return {
    valuation_date: body.valuation_date,
    market_data_set: body.market_data_set,
    target: targetEcho(target),
    lookback_days: body.lookback_days ?? 250,
    horizon_days: body.horizon_days ?? 1,
    base_value: baseValue,
    scenario_dates: window.dates,
    start_dates: window.starts,
    pnl,
    var: confidence.map((c) => {
      const v = varFromPnl(pnl, c)
      return {
        confidence: c,
        rank: v.rank,
        var: v.var,
        expected_shortfall: v.es,
        scenario_date: window.dates[v.index],
        items: priced.map(({ ref, r }) => ({
          asset_uid: ref.asset_uid,
          asset_identifier: ref.asset_identifier,
          quantity: ref.quantity,
          pnl: ref.quantity * r.values[v.index] - ref.base_value!,
        })),
      }
    }),
    skipped: window.skipped,
    skipped_count: window.skipped.length,
    items,
  }
}
