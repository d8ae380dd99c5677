/**
 * `POST /api/v1/pricing/scenarios/`: what-if. Each scenario is a list of shocks; each item (an asset, or an account's
 * position) is revalued in full under each scenario (revalue.ts) and answered with its base value, scenario value and
 * change (quantity × NPV), each scenario with its totals over the priced items.
 *
 * Curve shocks are continuous zero spreads over the curves an item reads in the given roles (default: the rate curves
 * discount, projection and z_spread_base; an inflation curve only when `inflation` is named) of the given indexes
 * (default: all), effective risk's machinery: `parallel` (bp), `key_rate` ({tenor: bp}, linear between tenors, flat
 * beyond), `twist` ({pivot, short_bp, long_bp}: short_bp at 3M, zero at the pivot, long_bp at 30Y, linear in time
 * between, flat beyond). `optionlet_vol` and `short_rate_model` ({a, sigma}) are absolute changes of a floater's
 * volatility and a callable's Hull-White parameters. NPV reads no z_spread_base curve: shocking it changes no value.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { DateTime } from '../contracts/common.ts'
import { unprocessable } from '../http/errors.ts'
import { CurveQuoteSide } from '../pricing/schemas.ts'
import {
  revalue,
  SHOCK_ROLES,
  type PlannedShock,
  type RevaluedItem,
  type ScenarioPlan,
  type ShockRole,
} from './revalue.ts'
import { resolveTarget, Target, type ResolvedTarget } from './targets.ts'
import { resolveIndexUids } from './repository.ts'
import type { RiskWork } from './work.ts'

const MarketDataSet = Type.String({ minLength: 1, pattern: '\\S', description: 'market-data set key or uid' })
const Bp = (description: string) => Type.Number({ minimum: -10_000, maximum: 10_000, description })
const Tenor = Type.String({ pattern: '^[1-9][0-9]{0,3}[DdWwMmYy]$', description: 'a tenor: 3M, 5Y, ...' })

export const ScenarioShock = Type.Object(
  {
    type: Type.Optional(
      Type.Enum(['parallel', 'key_rate', 'twist', 'optionlet_vol', 'short_rate_model'], {
        description: 'the kind of shock; may be left out when exactly one of its fields is given',
      }),
    ),
    roles: Type.Optional(
      Type.Array(Type.Enum([...SHOCK_ROLES]), {
        minItems: 1,
        uniqueItems: true,
        description: 'curve roles the shock moves (default discount, projection, z_spread_base)',
      }),
    ),
    indexes: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        maxItems: 100,
        description: 'index uids or identifiers whose curves (or models) the shock moves (default: all)',
      }),
    ),
    parallel: Type.Optional(Bp('parallel: basis points added to every zero rate')),
    bp: Type.Optional(Bp('the same as `parallel` (with type: parallel)')),
    key_rate: Type.Optional(
      Type.Record(Type.String(), Bp(''), {
        description: 'tenor → basis points, linear between tenors, flat beyond',
        minProperties: 1,
        maxProperties: 40,
      }),
    ),
    twist: Type.Optional(
      Type.Object(
        { pivot: Tenor, short_bp: Bp('at 3M'), long_bp: Bp('at 30Y') },
        {
          additionalProperties: false,
          description: 'linear in time through zero at the pivot, flat beyond 3M and 30Y',
        },
      ),
    ),
    pivot: Type.Optional(Tenor),
    short_bp: Type.Optional(Bp('twist: basis points at 3M')),
    long_bp: Type.Optional(Bp('twist: basis points at 30Y')),
    optionlet_vol: Type.Optional(
      Type.Number({ minimum: -10, maximum: 10, description: "absolute change of a floater's optionlet volatility" }),
    ),
    short_rate_model: Type.Optional(
      Type.Object(
        {
          a: Type.Optional(Type.Number({ minimum: -10, maximum: 10 })),
          sigma: Type.Optional(Type.Number({ minimum: -10, maximum: 10 })),
        },
        { additionalProperties: false, description: "absolute changes of a callable's Hull-White a and sigma" },
      ),
    ),
  },
  { additionalProperties: false, title: 'ScenarioShock' },
)
export type ScenarioShock = Static<typeof ScenarioShock>

export const Scenario = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    shocks: Type.Array(ScenarioShock, { maxItems: 50, description: 'applied together (spreads add up)' }),
  },
  { additionalProperties: false, title: 'Scenario' },
)

export const MAX_SCENARIOS = 1000

export const ScenariosRequest = Type.Object(
  {
    valuation_date: DateTime,
    market_data_set: MarketDataSet,
    target: Target,
    scenarios: Type.Array(Scenario, { minItems: 1, maxItems: MAX_SCENARIOS }),
    parameters: Type.Optional(
      Type.Object({ curve_quote_side: CurveQuoteSide }, { additionalProperties: false, default: {} }),
    ),
  },
  { additionalProperties: false, title: 'ScenariosRequest' },
)
export type ScenariosRequest = Static<typeof ScenariosRequest>

const Num = Type.Number()
export const ScenarioItem = Type.Object(
  {
    asset_uid: Type.Union([Type.String(), Type.Null()]),
    asset_identifier: Type.String(),
    quantity: Num,
    status: Type.Integer({ description: 'the status pricing this item answers (200 when priced)' }),
    base_value: Type.Optional({ ...Num, description: 'quantity × NPV on the market data as it is' }),
    scenario_value: Type.Optional({ ...Num, description: 'quantity × NPV under the scenario' }),
    change: Type.Optional({ ...Num, description: 'scenario_value − base_value' }),
    detail: Type.Optional(Type.String({ description: 'why the item could not be priced: left out of the totals' })),
  },
  { additionalProperties: false, title: 'ScenarioItem' },
)
export type ScenarioItem = Static<typeof ScenarioItem>

export const ScenarioTotals = Type.Object(
  {
    base_value: Num,
    scenario_value: Num,
    change: Num,
    priced_items: Type.Integer(),
    unpriced_items: Type.Integer(),
  },
  { additionalProperties: false, description: 'sums over the priced items' },
)

export const TargetEcho = Type.Object(
  {
    asset_count: Type.Integer(),
    account_uid: Type.Optional(Type.String()),
    holdings_set_uid: Type.Optional(Type.String()),
    holdings_date: Type.Optional(DateTime),
  },
  { additionalProperties: false },
)

export const ScenariosResponse = Type.Object(
  {
    valuation_date: DateTime,
    market_data_set: Type.String(),
    target: TargetEcho,
    scenarios: Type.Array(
      Type.Object(
        { name: Type.String(), totals: ScenarioTotals, items: Type.Array(ScenarioItem) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'ScenariosResponse' },
)
export type ScenariosResponse = Static<typeof ScenariosResponse>

/** A tenor's length in days, to order tenors whatever their units (a year 365.25 days, a month a twelfth of it). */
export function tenorDays(tenor: string): number {
  const m = /^([1-9][0-9]{0,3})([DWMY])$/i.exec(tenor)
  if (!m) return NaN
  return Number(m[1]) * { D: 1, W: 7, M: 30.4375, Y: 365.25 }[m[2].toUpperCase() as 'D' | 'W' | 'M' | 'Y']
}

type Kind = NonNullable<ScenarioShock['type']>

/** The kind of a shock: its `type`, else the one kind whose fields it gives. */
function shockKind(s: ScenarioShock, where: string): Kind {
  const given = new Set<Kind>()
  if (s.parallel !== undefined || s.bp !== undefined) given.add('parallel')
  if (s.key_rate !== undefined) given.add('key_rate')
  if (s.twist !== undefined || s.pivot !== undefined || s.short_bp !== undefined || s.long_bp !== undefined)
    given.add('twist')
  if (s.optionlet_vol !== undefined) given.add('optionlet_vol')
  if (s.short_rate_model !== undefined) given.add('short_rate_model')
  const kind = s.type ?? (given.size === 1 ? [...given][0] : undefined)
  if (kind === undefined)
    throw unprocessable(
      `${where}: give exactly one of parallel, key_rate, twist, optionlet_vol or short_rate_model` +
        (given.size > 1 ? ` (got ${[...given].join(', ')})` : '') +
        '.',
    )
  const others = [...given].filter((k) => k !== kind)
  if (others.length)
    throw unprocessable(`${where}: a '${kind}' shock does not take ${others.join(', ')}; put it in a shock of its own.`)
  return kind
}

/** One shock, normalized; `indexUids` maps each given index (uid or identifier) to its uid. */
function planShock(s: ScenarioShock, where: string, indexUids: Map<string, string>): PlannedShock {
  const kind = shockKind(s, where)
  const indexes = s.indexes ? s.indexes.map((i) => indexUids.get(i) as string) : null
  if ((kind === 'optionlet_vol' || kind === 'short_rate_model') && s.roles)
    throw unprocessable(`${where}.roles: a '${kind}' shock moves a model, not curves; drop roles.`)
  const roles: ShockRole[] = s.roles ?? ['discount', 'projection', 'z_spread_base']
  const curve = (tenors: string[], bp: number[]): PlannedShock => ({
    kind: 'curve',
    roles,
    indexes,
    shock: { kind: 'spread', tenors, spreads: bp.map((b) => b * 1e-4) },
  })
  switch (kind) {
    case 'parallel': {
      if (s.parallel !== undefined && s.bp !== undefined && s.parallel !== s.bp)
        throw unprocessable(`${where}: parallel and bp disagree; give one.`)
      const bp = s.parallel ?? s.bp
      if (bp === undefined) throw unprocessable(`${where}.parallel: the shift in basis points is required.`)
      return curve([], [bp])
    }
    case 'key_rate': {
      const entries = Object.entries(s.key_rate ?? {})
      if (entries.length === 0) throw unprocessable(`${where}.key_rate: give at least one {tenor: bp}.`)
      for (const [t] of entries)
        if (!(tenorDays(t) > 0)) throw unprocessable(`${where}.key_rate: '${t}' is not a tenor such as 3M or 10Y.`)
      entries.sort((a, b) => tenorDays(a[0]) - tenorDays(b[0]))
      for (let i = 1; i < entries.length; i++)
        if (tenorDays(entries[i][0]) === tenorDays(entries[i - 1][0]))
          throw unprocessable(`${where}.key_rate: tenors ${entries[i - 1][0]} and ${entries[i][0]} are the same.`)
      return curve(
        entries.map(([t]) => t.toUpperCase()),
        entries.map(([, bp]) => bp),
      )
    }
    case 'twist': {
      const t = s.twist ?? { pivot: s.pivot, short_bp: s.short_bp, long_bp: s.long_bp }
      if (t.pivot === undefined || t.short_bp === undefined || t.long_bp === undefined)
        throw unprocessable(`${where}.twist: pivot, short_bp and long_bp are required.`)
      const pivot = tenorDays(t.pivot)
      if (!(pivot > tenorDays('3M') && pivot < tenorDays('30Y')))
        throw unprocessable(`${where}.twist.pivot: '${t.pivot}' must lie strictly between 3M and 30Y.`)
      return curve(['3M', t.pivot.toUpperCase(), '30Y'], [t.short_bp, 0, t.long_bp])
    }
    case 'optionlet_vol': {
      if (s.optionlet_vol === undefined) throw unprocessable(`${where}.optionlet_vol: the change is required.`)
      return { kind, indexes, change: s.optionlet_vol }
    }
    case 'short_rate_model': {
      const m = s.short_rate_model
      if (!m || (m.a === undefined && m.sigma === undefined))
        throw unprocessable(`${where}.short_rate_model: give a change of a, sigma or both.`)
      return { kind, indexes, a: m.a ?? 0, sigma: m.sigma ?? 0 }
    }
  }
}

/** The request's scenarios as a plan: every shock checked, every index named resolved (422 naming what is wrong). */
export async function scenarioPlan(app: FastifyInstance, body: ScenariosRequest): Promise<ScenarioPlan> {
  const names = new Set<string>()
  body.scenarios.forEach((s, i) => {
    if (names.has(s.name)) throw unprocessable(`scenarios[${i}].name: '${s.name}' is used twice.`)
    names.add(s.name)
  })
  const wanted = [...new Set(body.scenarios.flatMap((s) => s.shocks.flatMap((sh) => sh.indexes ?? [])))]
  const indexUids = await resolveIndexUids(app.sql, wanted)
  body.scenarios.forEach((s, i) =>
    s.shocks.forEach((sh, j) =>
      sh.indexes?.forEach((ix, k) => {
        if (!indexUids.has(ix))
          throw unprocessable(`scenarios[${i}].shocks[${j}].indexes[${k}]: index '${ix}' does not exist.`)
      }),
    ),
  )
  return {
    kind: 'shocks',
    scenarios: body.scenarios.map((s, i) =>
      s.shocks.map((sh, j) => planShock(sh, `scenarios[${i}].shocks[${j}]`, indexUids)),
    ),
  }
}

export const targetEcho = (target: ResolvedTarget) => ({ asset_count: target.items.length, ...target.account })

/** Per scenario, every item (priced or not) and the totals over the priced ones. */
export function composeScenarios(
  names: readonly string[],
  target: ResolvedTarget,
  revalued: ReadonlyMap<string, RevaluedItem>,
): ScenariosResponse['scenarios'] {
  return names.map((name, k) => {
    const totals = { base_value: 0, scenario_value: 0, change: 0, priced_items: 0, unpriced_items: 0 }
    const items = target.items.map((it): ScenarioItem => {
      const base = { asset_uid: it.asset_uid, asset_identifier: it.asset_identifier, quantity: it.quantity }
      const r = it.asset_uid === null ? undefined : revalued.get(it.asset_uid)
      if (!r || !('values' in r)) {
        totals.unpriced_items++
        return { ...base, ...(r ?? { status: 404, detail: `Asset '${it.asset_identifier}' was not found.` }) }
      }
      const baseValue = it.quantity * r.npv
      const scenarioValue = it.quantity * r.values[k]
      totals.priced_items++
      totals.base_value += baseValue
      totals.scenario_value += scenarioValue
      totals.change += scenarioValue - baseValue
      return {
        ...base,
        status: 200,
        base_value: baseValue,
        scenario_value: scenarioValue,
        change: scenarioValue - baseValue,
      }
    })
    return { name, totals, items }
  })
}

/** The distinct assets of a target (an asset held twice is priced once). */
export const targetAssets = (target: ResolvedTarget): string[] => [
  ...new Set(target.items.flatMap((i) => (i.asset_uid === null ? [] : [i.asset_uid]))),
]

export interface PreparedScenarios {
  body: ScenariosRequest
  plan: ScenarioPlan
  target: ResolvedTarget
  assets: string[]
}

export async function prepareScenarios(app: FastifyInstance, body: ScenariosRequest): Promise<PreparedScenarios> {
  const plan = await scenarioPlan(app, body)
  const target = await resolveTarget(app, body.target)
  return { body, plan, target, assets: targetAssets(target) }
}

export const scenariosWork: RiskWork<PreparedScenarios, RevaluedItem, ScenariosResponse> = {
  route: 'scenarios',
  size: (p) => p.assets.length * Math.max(1, p.body.scenarios.length),
  assets: (p) => p.assets,
  compute: (app, p, assets) =>
    revalue(
      app,
      { valuation_date: p.body.valuation_date, market_data_set: p.body.market_data_set, ...p.body.parameters },
      assets,
      p.plan,
    ),
  compose: ({ body, target, assets }, outcomes) => ({
    valuation_date: body.valuation_date,
    market_data_set: body.market_data_set,
    target: targetEcho(target),
    scenarios: composeScenarios(
      body.scenarios.map((s) => s.name),
      target,
      new Map(assets.map((uid, i) => [uid, outcomes[i]])),
    ),
  }),
}
