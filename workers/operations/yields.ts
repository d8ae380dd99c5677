/**
 * Yields as quoted (design §6.1): the InterestRate conventions of a request's yield, a bond's yield and its
 * measures in them, prices from a quoted yield (QuantLib's BondFunctions), and a callable's yields to call.
 */
import type { PricingTask } from '../../src/contracts/pricing.ts'
import type { DateSerial } from '../quant/types.ts'
import { QuantConvergenceError, QuantInputError, require, requireFinite } from '../quant/errors.ts'
import { toIso } from '../quant/time/date.ts'
import type { DayCounter } from '../quant/time/day-counter.ts'
import { Frequency, parseFrequency } from '../quant/time/period.ts'
import { COMPOUNDINGS, type Compounding, type InterestRate } from '../quant/curves/interest-rate.ts'
import type { Bond } from '../quant/instruments/bond.ts'
import {
  accruedAmount,
  DEFAULT_YIELD_SOLVER,
  dirtyPriceFromYield,
  yieldFromCleanPrice,
  yieldMeasures,
} from '../quant/engines/bond/bond-functions.ts'
import type { YieldFlowsWorkspace } from '../quant/cashflows/cashflows.ts'
import { callRedemptionBond, termsDayCounter, yieldFrequency } from './rebuild-instrument.ts'
import { type Instrument } from './valuation.ts'
import { callableOfInstrument } from './callable.ts'

/** The InterestRate of a yield but its rate. */
export interface YieldConvention {
  dayCounter: DayCounter
  compounding: Compounding
  frequency: number
}

/** The bond's own: its day count, compounded at its coupon frequency (a zero-coupon bond annually). */
export function bondYieldConvention(v: Instrument): YieldConvention {
  return {
    dayCounter: v.parsed.common.dayCounter,
    compounding: 'Compounded',
    frequency: yieldFrequency(v.terms, v.type),
  }
}

const given = <T>(v: T): v is NonNullable<T> => v !== undefined && v !== null

/** The request's yield_compounding, yield_frequency and yield_day_count, each defaulting to the bond's. */
export function requestedYieldConvention(task: PricingTask, v: Instrument): YieldConvention {
  const p = task.parameters
  if (!given(p.yield_compounding) && !given(p.yield_frequency) && !given(p.yield_day_count))
    return bondYieldConvention(v)
  const compounding: Compounding = given(p.yield_compounding) ? p.yield_compounding : 'Compounded'
  require(COMPOUNDINGS.includes(compounding), () =>
    `parameters.yield_compounding: '${String(compounding)}' is not one of ` +
    `${COMPOUNDINGS.join(', ')}`, 'parameters.yield_compounding')
  const frequency = given(p.yield_frequency)
    ? parseFrequency(p.yield_frequency, 'parameters.yield_frequency')
    : yieldFrequency(v.terms, v.type)
  // QuantLib's InterestRate: a compounded rate needs a number of periods a year
  if (compounding !== 'Simple' && compounding !== 'Continuous') {
    require(frequency > 0 && frequency !== Frequency.OtherFrequency, () =>
      `parameters.yield_frequency: ${compounding} needs a frequency such as Annual or Semiannual, got ` +
      `'${String(p.yield_frequency)}'`, 'parameters.yield_frequency')
  }
  const c = v.parsed.common
  const dayCounter = given(p.yield_day_count)
    ? termsDayCounter(v.terms, p.yield_day_count, 'parameters.yield_day_count', c.maturity, c.calendar)
    : c.dayCounter
  return { dayCounter, compounding, frequency }
}

export const interestRate = (conv: YieldConvention, rate: number): InterestRate => ({ rate, ...conv })

/** BondFunctions::yield from a clean price per 100 (accuracy 1e-10, as QuantLib). */
export const solveYield = (
  bond: Bond,
  conv: YieldConvention,
  cleanPrice: number,
  settlement: DateSerial,
  ws?: YieldFlowsWorkspace,
) =>
  yieldFromCleanPrice(
    bond,
    cleanPrice,
    conv.dayCounter,
    conv.compounding,
    conv.frequency,
    settlement,
    DEFAULT_YIELD_SOLVER,
    ws,
  )

/**
 * The durations, convexity and BPV at a yield; the Macaulay duration only for a compounded yield (QuantLib refuses it
 * otherwise).
 */
export function measuresAt(
  bond: Bond,
  rate: InterestRate,
  settlement: DateSerial,
  ws?: YieldFlowsWorkspace,
): Record<string, number> {
  const m = yieldMeasures(bond, rate, settlement, ws)
  const out: Record<string, number> = { simple_duration: m.simple, modified_duration: m.modified }
  if (m.macaulay !== null) out.macaulay_duration = m.macaulay
  out.convexity = m.convexity
  out.bpv = m.bpv
  return out
}

/** Clean, dirty and accrued per 100 at settlement from a quoted yield: BondFunctions::cleanPrice / dirtyPrice. */
export function pricesFromYield(
  bond: Bond,
  rate: InterestRate,
  settlement: DateSerial,
): { clean: number; dirty: number; accrued: number } {
  const dirty = dirtyPriceFromYield(bond, rate, settlement)
  const accrued = accruedAmount(bond, settlement)
  return { clean: dirty - accrued, dirty, accrued }
}

export interface YieldToCall {
  date: string
  price: number
  yield: number
}

/**
 * A callable's yields to call (design §6.1): for each Call dated after settlement, the yield of the bond redeemed
 * there at its call price (a Dirty price less the accrued at that date), then the yield to maturity; the worst is
 * the lowest, the earliest of equals. All at the clean price `clean`, in the yield convention `conv`. Where a yield
 * does not solve (a call in days at a price far from the clean), the others are listed and the worst is not named:
 * `yields_to_call_error` says which date failed, so the answer's own yield stands.
 */
export function yieldsToCall(v: Instrument, conv: YieldConvention, clean: number, settlement: DateSerial) {
  const callable = callableOfInstrument(v)
  const rows: YieldToCall[] = []
  const failed: string[] = []
  const solve = (date: DateSerial, price: number, bond: () => Bond) => {
    try {
      rows.push({
        date: toIso(date),
        price,
        yield: requireFinite(solveYield(bond(), conv, clean, settlement), `yield to ${toIso(date)}`),
      })
    } catch (error) {
      if (!(error instanceof QuantConvergenceError || error instanceof QuantInputError)) throw error
      failed.push(`${toIso(date)}: ${error.message}`)
    }
  }
  for (const call of callable.callability) {
    if (call.type !== 'Call' || call.date <= settlement) continue
    const price = call.priceType === 'Dirty' ? call.price - accruedAmount(v.bond, call.date) : call.price
    solve(call.date, price, () => callRedemptionBond(v.terms, call.date, price, v.parsed.common))
  }
  const redemption = v.terms.redemption === undefined ? 100 : Number(v.terms.redemption)
  solve(v.bond.maturityDate, redemption, () => v.bond)
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  if (failed.length)
    return {
      yields_to_call: rows,
      yields_to_call_error: `no yield solves for ${failed.join('; ')}: the worst is not named`,
    }
  let worst = rows[0]
  for (const r of rows) if (r.yield < worst.yield) worst = r
  return { yield_to_worst: worst.yield, workout_date: worst.date, yields_to_call: rows }
}

/** `quoted_yield` and `with_yield` price two different ways: one request takes one. */
export function quotedYield(task: PricingTask): number | null {
  const q = task.parameters.quoted_yield
  if (!given(q)) return null
  if (given(task.parameters.with_yield))
    throw new QuantInputError(
      'parameters.quoted_yield: give either quoted_yield (prices from that yield) or with_yield (a flat discount ' +
        'curve), not both',
      'parameters.quoted_yield',
    )
  return q
}
