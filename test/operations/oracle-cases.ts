/** Turns oracle bond cases (test/oracle/gen_bonds.py) into pricing tasks exactly as the main thread builds them. */
import type { OperationName, PricingTask, TaskCurve } from '../../src/contracts/pricing.ts'
import type { InstrumentTerms } from '../../src/contracts/instrument-terms.ts'
import { fromIso, toIso } from '../../workers/quant/time/date.ts'
import { encodeFixings } from '../../workers/operations/fixing-set.ts'
import { contentKey } from '../../src/pricing/content-key.ts'

export interface PoolCurve {
  nodes: { days_to_maturity: number[]; zero: number[] }
  building: TaskCurve['building']
}

export interface OracleCase {
  kind: string
  terms: Record<string, unknown>
  valuation_date: string
  pools: { discount: number; projection: number; benchmark: number }
  ref_shift: [number, number, number]
  index: (Record<string, unknown> & { identifier: string }) | null
  fixings: { dates: string[]; rates: number[] }
  parameters: Record<string, unknown>
  want_cashflows: boolean
  /** a CPI bond's zero-inflation curve observation (test/oracle/gen_cpi.py) */
  inflation_curve?: Omit<NonNullable<PricingTask['inflation_curve']>, 'cache_key'>
  /** a floater's optionlet volatility (test/oracle/gen_optionlet_vol.py); none: zero volatility */
  optionlet_volatility?: PricingTask['optionlet_volatility']
  /** a callable checked for its yields to call only (test/oracle/gen_real_bonds.py): no curve needed */
  yields_only?: boolean
  expected?: Record<string, unknown> & { carry?: Record<string, number>; cashflows?: [number, number, number | null][] }
  error?: string
}

export function poolCurve(curves: PoolCurve[], pool: number, valuation: string, shift: number): TaskCurve {
  const reference = fromIso(valuation) - shift
  const c = curves[pool]
  return {
    cache_key: `pool${pool}:${reference}`,
    curve_uid: `00000000-0000-4000-8000-${String(pool).padStart(12, '0')}`,
    curve_identifier: `POOL-${pool}`,
    reference_date: toIso(reference),
    nodes: c.nodes,
    building: c.building,
  }
}

export function taskFor(
  c: OracleCase,
  curves: PoolCurve[],
  operation: OperationName,
  parameters: Record<string, unknown>,
): PricingTask {
  // a floater's index, or a CPI bond's
  const indexUid = String(c.terms.floating_rate_index_uid ?? c.terms.inflation_index_uid)
  const floating = c.index !== null
  const withYield = parameters.with_yield !== undefined
  const task: PricingTask = {
    operation,
    asset_uid: '33333333-3333-4333-8333-333333333333',
    instrument_type: c.kind,
    // the generator's terms as stored (some refused on purpose: the oracle's error cases)
    terms: c.terms as InstrumentTerms,
    valuation_date: c.valuation_date,
    curves: {},
    indexes: floating ? { [indexUid]: c.index as PricingTask['indexes'][string] } : {},
    // as the main thread sends them: by reference, under their content key
    fixings: floating
      ? {
          [c.index!.identifier]: {
            key: contentKey(c.fixings.dates, c.fixings.rates),
            buffer: encodeFixings(c.fixings.dates, c.fixings.rates),
          },
        }
      : {},
    parameters,
  }
  if (c.optionlet_volatility) task.optionlet_volatility = c.optionlet_volatility
  if (!withYield) task.curves.discount = poolCurve(curves, c.pools.discount, c.valuation_date, c.ref_shift[0])
  if (floating && c.terms.floating_rate_index_uid !== undefined)
    task.curves.projection = poolCurve(curves, c.pools.projection, c.valuation_date, c.ref_shift[1])
  if (c.inflation_curve) task.inflation_curve = { cache_key: JSON.stringify(c.inflation_curve), ...c.inflation_curve }
  if (operation === 'z-spread')
    task.curves.benchmark = poolCurve(curves, c.pools.benchmark, c.valuation_date, c.ref_shift[2])
  return task
}
