/**
 * Full revaluation of many items under many scenarios, the engine of /scenarios/ and /var/: each asset is priced once
 * per chunk of scenarios by the `scenarios` worker operation (workers/operations/scenarios.ts), its task carrying what
 * each scenario does to its own curves and models. A plan is plain JSON, so a queued part (jobs.ts) carries it to
 * whichever process prices it: `shocks`, the scenarios route's normalized shocks, applied to an item by the roles and
 * indexes of its curves; `historical`, node changes of each curve by uid (VaR), applied to whichever role uses it.
 */
import type { FastifyInstance } from 'fastify'
import type { PricingTask, TaskCurveShock, TaskScenario } from '../contracts/pricing.ts'
import type { ResolvedMarketData } from '../pricing/market-data.ts'
import { pricingRequest } from '../pricing/price.ts'
import type { PricingContextRow } from '../pricing/repository.ts'
import { priceEach } from './items.ts'

export type ShockRole = 'discount' | 'projection' | 'z_spread_base' | 'inflation'
export const SHOCK_ROLES: readonly ShockRole[] = ['discount', 'projection', 'z_spread_base', 'inflation']

/** One shock of a scenario, normalized (src/risk/scenarios.ts): what it moves and how. */
export type PlannedShock =
  | { kind: 'curve'; roles: ShockRole[]; indexes: string[] | null; shock: TaskCurveShock }
  | { kind: 'optionlet_vol'; indexes: string[] | null; change: number }
  | { kind: 'short_rate_model'; indexes: string[] | null; a: number; sigma: number }

export type ScenarioPlan =
  | { kind: 'shocks'; scenarios: PlannedShock[][] }
  | {
      kind: 'historical'
      count: number
      /**
       * by curve uid: count rows of node changes, one per node of the curve's observation at the valuation date, and
       * their content key (a worker builds each scenario's curve once: workers/operations/scenarios.ts)
       */
      curves: Record<string, { nodes: number; shifts: number[]; key: string }>
    }

export const scenarioCount = (plan: ScenarioPlan): number =>
  plan.kind === 'shocks' ? plan.scenarios.length : plan.count

/** The index uid of each curve (and model) an item's valuation reads, by the role it reads it in. */
interface ItemUses {
  discount?: string | null
  projection?: string | null
  inflation?: string | null
  /** a floater's optionlet volatility: its index */
  vol?: string | null
  /** a callable's short-rate model: its discount index */
  model?: string | null
}

function itemUses(ctx: PricingContextRow, md: ResolvedMarketData): ItemUses {
  const discount = md.curves.discount?.index_uid
  return {
    discount,
    projection: md.curves.projection?.index_uid,
    inflation: md.inflation_curve ? (ctx.curves.find((c) => c.role === 'inflation')?.index_uid ?? null) : undefined,
    vol: md.optionlet_volatility ? (ctx.floating_index?.uid ?? null) : undefined,
    model: md.short_rate_model ? discount : undefined,
  }
}

const applies = (indexes: string[] | null, uid: string | null | undefined) =>
  uid !== undefined && (indexes === null || (uid !== null && indexes.includes(uid)))

/** A scenario's shocks as one item's task carries them: those whose roles and indexes the item uses. */
function taskScenario(shocks: readonly PlannedShock[], uses: ItemUses): TaskScenario {
  const out: TaskScenario = {}
  for (const s of shocks) {
    if (s.kind === 'curve') {
      for (const role of ['discount', 'projection', 'inflation'] as const)
        if (s.roles.includes(role) && applies(s.indexes, uses[role])) (out[role] ??= []).push(s.shock)
    } else if (s.kind === 'optionlet_vol') {
      if (applies(s.indexes, uses.vol)) out.optionlet_vol = (out.optionlet_vol ?? 0) + s.change
    } else if (applies(s.indexes, uses.model)) {
      const m = (out.short_rate_model ??= { a: 0, sigma: 0 })
      m.a = (m.a ?? 0) + s.a
      m.sigma = (m.sigma ?? 0) + s.sigma
    }
  }
  return out
}

/** The historical scenarios [from, to) of one item: each curve it reads moved by its own rows of changes. */
function historicalScenarios(
  plan: Extract<ScenarioPlan, { kind: 'historical' }>,
  md: ResolvedMarketData,
  from: number,
  to: number,
): TaskScenario[] {
  const roles: [keyof TaskScenario & ('discount' | 'projection' | 'inflation'), string | undefined][] = [
    ['discount', md.curves.discount?.curve_uid],
    ['projection', md.curves.projection?.curve_uid],
    ['inflation', md.inflation_curve?.curve_uid],
  ]
  const out: TaskScenario[] = []
  for (let k = from; k < to; k++) {
    const s: TaskScenario = {}
    for (const [role, uid] of roles) {
      if (uid === undefined) continue
      const h = plan.curves[uid]
      // a curve the plan has no history for is refused by the worker (no shifts for its nodes): never left unmoved
      s[role] = [
        h
          ? { kind: 'nodes', shifts: h.shifts.slice(k * h.nodes, (k + 1) * h.nodes), key: `${h.key}:${k}` }
          : { kind: 'nodes', shifts: [] },
      ]
    }
    out.push(s)
  }
  return out
}

export interface RevalueRequest {
  valuation_date: string
  market_data_set: string
  curve_quote_side?: string | null
}

export type RevaluedItem = { status: 200; npv: number; values: number[] } | { status: number; detail: string }

/** Scenarios per task: a task stays short (PRICER_TASK_TIMEOUT_MS) whatever the count and the bond. */
const SCENARIO_CHUNK = 250

/** Every asset's NPV and its NPV under each scenario of the plan, in order; a failure is that asset's item. */
export async function revalue(
  app: FastifyInstance,
  request: RevalueRequest,
  assetUids: readonly string[],
  plan: ScenarioPlan,
): Promise<RevaluedItem[]> {
  const count = scenarioCount(plan)
  const items: RevaluedItem[] = assetUids.map(() => ({ status: 200, npv: 0, values: [] }))
  const parameters = request.curve_quote_side ? { curve_quote_side: request.curve_quote_side } : {}
  for (let from = 0; from === 0 || from < count; from += SCENARIO_CHUNK) {
    const to = Math.min(count, from + SCENARIO_CHUNK)
    const req = pricingRequest(
      { key: 'scenarios' },
      { valuation_date: request.valuation_date, market_data_set: request.market_data_set, parameters },
    )
    req.extendTask = (task: PricingTask, ctx, md) => {
      task.scenarios =
        plan.kind === 'shocks'
          ? plan.scenarios.slice(from, to).map((shocks) => taskScenario(shocks, itemUses(ctx, md)))
          : historicalScenarios(plan, md, from, to)
    }
    const outcomes = await priceEach(app, req, assetUids)
    outcomes.forEach((o, i) => {
      const item = items[i]
      if (!('values' in item)) return
      if ('priced' in o) {
        const r = o.priced.result as { npv: number; values: number[] }
        item.npv = r.npv
        for (const v of r.values) item.values.push(v)
      } else items[i] = { status: o.status, detail: o.detail }
    })
  }
  return items
}
