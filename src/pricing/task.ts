/**
 * Builds the worker task from a resolved context: plain JSON but for the fixing histories (SharedArrayBuffers, by
 * reference), everything the operation needs, nothing more.
 */
import type { OperationName, PricingTask } from '../contracts/pricing.ts'
import type { InstrumentTerms } from '../contracts/instrument-terms.ts'
import { jsonTextOf } from '../contracts/json-text.ts'
import type { TaskParameters } from './schemas.ts'
import type { ResolvedMarketData } from './market-data.ts'
import type { PricingContextRow } from './repository.ts'
import type { FloatingIndexPart } from './market-parts.ts'
import { contentKey } from './content-key.ts'
import { isFloating } from './operations.ts'
import { isHeavyTerms } from './cost.ts'

/** A task's market data: read-only, so its parts are shared by the tasks that use them. */
type TaskMarket = Pick<PricingTask, 'curves' | 'indexes' | 'fixings'>

const NONE = Object.freeze({})

/**
 * A row's stored terms as a task carries them: its JSON text when the row has it (see PricingContextRow.terms_json),
 * else the object. Stored terms were validated against their class's schema (INSTRUMENT_TERMS) when loaded, which is
 * what types them here; the thread still checks each field it reads, since a row may predate a field or a check.
 */
function storedTerms(row: Partial<Pick<PricingContextRow, 'instrument_dump' | 'terms_json'>>): PricingTask['terms'] {
  const text = row.terms_json
  if (text !== null && text !== undefined) return jsonTextOf<InstrumentTerms>(text)
  return (row.instrument_dump ?? {}) as InstrumentTerms
}

/**
 * The task's curves, index conventions and fixings: objects composed once when their market part or decoded curve was
 * loaded (market-parts.ts, market-data.ts), so the tasks of one message that share them are cloned once (structured
 * clone writes a repeated object as a back-reference).
 */
function taskMarket(md: ResolvedMarketData): TaskMarket {
  const curves: PricingTask['curves'] = {}
  for (const role of ['discount', 'projection', 'benchmark'] as const) {
    const curve = md.curves[role]?.task
    if (curve) curves[role] = curve
  }
  const market: TaskMarket = { curves, indexes: NONE, fixings: NONE }
  const floating = md.floating
  if (floating) {
    market.indexes = floating.task_indexes
    // by reference: the set's SharedArrayBuffer, shared by every task on it (structured clone does not copy it)
    if (floating.fixings) market.fixings = floating.fixings.task
  }
  return market
}

export function buildTask(
  operation: OperationName,
  ctx: PricingContextRow,
  md: ResolvedMarketData,
  valuationDate: string,
  parameters: TaskParameters,
): PricingTask {
  const { curves, indexes, fixings } = taskMarket(md)
  const task: PricingTask = {
    operation,
    asset_uid: ctx.asset_uid,
    instrument_type: ctx.instrument_type ?? '',
    terms: storedTerms(ctx),
    heavy: (ctx.heavy ??= isHeavyTerms(ctx.instrument_type, ctx.instrument_dump)),
    valuation_date: valuationDate,
    curves,
    indexes,
    fixings,
    parameters,
    short_rate_model: md.short_rate_model?.model,
    optionlet_volatility: md.optionlet_volatility?.model,
    inflation_curve: md.inflation_curve?.task,
    // set below and by the batcher; present from the start, so that every task has one hidden class
    instrument_key: undefined,
    plan_key: undefined,
    guest: false,
    reply_json: false,
  }
  // workers cache rebuilt instruments by this key: the content of every task field a rebuild reads (type, terms
  // (hashed by PostgreSQL on the stored JSON the terms are parsed from), index conventions, fixings; all from the
  // context's cached halves, composed once per context), and for a floater the valuation date (which fixings are past)
  // and the projection curve's content key (the fixings by their content key, PostgreSQL's md5 of the dates and
  // rates; none: no fixings at all). A fixed-coupon bond's rebuild reads no date and no curve: one instrument
  // serves every valuation date (the worker gives it each task's evaluation date), so a new day starts warm.
  if (ctx.instrument_key === undefined) {
    const index = md.floating && ctx.floating_index ? ctx.floating_index : undefined
    const key = termsKey(task.instrument_type, ctx.terms_hash, ctx.instrument_dump, index)
    // a floater's plan (workers/operations/valuation.ts) reads its terms and index conventions, not its fixings, which
    // gain one every day: a new day's fixings, curve or date re-forecast the cached plan
    if (index) ctx.plan_key = key
    ctx.instrument_key = index ? `${key}|${md.floating?.fixings?.key ?? '-'}` : key
  }
  if (isFloating(task.instrument_type)) {
    // the coupons' rates depend on the optionlet volatility (caps, floors, in arrears)
    const vol = task.optionlet_volatility
    const volKey = vol ? `:${vol.type}:${vol.volatility}:${vol.shift}` : ''
    task.instrument_key = `${ctx.instrument_key}:${valuationDate}:${curves.projection?.cache_key ?? ''}${volKey}`
    task.plan_key = ctx.plan_key
  } else if (task.instrument_type === 'CPIBond') {
    // a CPI bond's coupons read the date (which CPI values are published) and the inflation curve
    task.instrument_key = `${ctx.instrument_key}:${valuationDate}:${md.inflation_curve?.task.cache_key ?? ''}`
  } else {
    task.instrument_key = ctx.instrument_key
  }
  return task
}

/**
 * The content key of a bond's terms (see buildTask): the terms' md5 first (the batcher shards by a key's first
 * characters), the type, and a floater's index by its own content key; a floater's instrument key adds its
 * fixings'. Composed of fixed-format parts rather than hashed again, so a distinct bond costs no SHA-256; terms
 * without PostgreSQL's md5 (none of the stored ones) are hashed here.
 */
function termsKey(type: string, termsHash: string | null, terms: unknown, index?: FloatingIndexPart): string {
  const base = `${termsHash ?? contentKey(terms)}|${type}`
  return index ? `${base}|${index.content_key}` : base
}

/**
 * A task for the start-up warm-up, undefined where there is nothing to warm: a fixed-coupon bond's instrument,
 * rebuilt and cached under the key buildTask gives it; a floater's plan (its dates: buildTask's plan key, from
 * its index `index` as a market part holds it), since its instrument depends on the valuation date and the
 * projection curve. A floater's task is routed by its plan key, whose first characters (the terms' md5) are those
 * of the keys of its requests: it is planned in the thread that prices them.
 */
export function prewarmTask(
  terms: Pick<PricingContextRow, 'asset_uid' | 'instrument_type' | 'instrument_dump' | 'terms_hash'>,
  valuationDate: string,
  index?: FloatingIndexPart | null,
): PricingTask | undefined {
  const type = terms.instrument_type
  // a CPI bond's instrument depends on its date and curve, and it has no plan: nothing to warm
  if (!type || !terms.instrument_dump || type === 'CPIBond') return undefined
  const task: PricingTask = {
    operation: 'prewarm',
    asset_uid: terms.asset_uid,
    instrument_type: type,
    terms: storedTerms({ instrument_dump: terms.instrument_dump }),
    valuation_date: valuationDate,
    curves: {},
    indexes: {},
    fixings: {},
    parameters: {},
  }
  if (!isFloating(type)) return { ...task, instrument_key: termsKey(type, terms.terms_hash, terms.instrument_dump) }
  // an index without conventions fails its floaters' requests (market-data.ts): nothing to plan
  if (!index?.convention) return undefined
  const planKey = termsKey(type, terms.terms_hash, terms.instrument_dump, index)
  return { ...task, instrument_key: planKey, plan_key: planKey, indexes: index.task_indexes }
}
