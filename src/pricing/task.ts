/** Builds the worker task from a resolved context: plain JSON, everything the operation needs, nothing more. */
import type { IndexConventions, OperationName, PricingTask, TaskCurve } from '../contracts/pricing.ts'
import type { ResolvedCurve, ResolvedMarketData } from './market-data.ts'
import type { PricingContextRow } from './repository.ts'
import { fnv1a } from './market-data.ts'

const taskCurve = (c: ResolvedCurve | undefined): TaskCurve | undefined =>
  c && {
    cache_key: c.cache_key,
    curve_uid: c.curve_uid,
    curve_identifier: c.curve_identifier,
    reference_date: c.reference_date,
    nodes: c.nodes,
    building: c.building as TaskCurve['building'],
  }

export function buildTask(operation: OperationName, ctx: PricingContextRow, md: ResolvedMarketData, valuationDate: string, parameters: Record<string, unknown>): PricingTask {
  const curves: PricingTask['curves'] = {}
  for (const role of ['discount', 'projection', 'benchmark'] as const) {
    const curve = taskCurve(md.curves[role])
    if (curve) curves[role] = curve
  }
  const indexes: Record<string, IndexConventions> = {}
  const fixings: PricingTask['fixings'] = {}
  if (md.floating) {
    indexes[md.floating.index_uid] = { identifier: md.floating.index_identifier, ...(md.floating.convention as Omit<IndexConventions, 'identifier'>) }
    fixings[md.floating.index_identifier] = { dates: md.floating.dates, rates: md.floating.rates }
  }
  // workers cache rebuilt instruments: the key names everything a rebuild depends on
  // (the index conventions too: they can be edited through the index routes while terms and fixings stay)
  ctx.instrument_key ??= `${ctx.asset_uid}:${fnv1a(JSON.stringify(ctx.instrument_dump))}:${fnv1a(JSON.stringify(ctx.fixings ?? null))}:${fnv1a(JSON.stringify(md.floating?.convention ?? null))}`
  const projection = curves.projection?.cache_key ?? ''
  return {
    instrument_key: `${ctx.instrument_key}:${valuationDate}:${projection}`,
    operation,
    asset_uid: ctx.asset_uid,
    instrument_type: ctx.instrument_type ?? '',
    terms: ctx.instrument_dump ?? {},
    valuation_date: valuationDate,
    curves,
    indexes,
    fixings,
    parameters,
  }
}
