/**
 * The cash-flow model (ql/cashflow.hpp, ql/cashflows/coupon.hpp) as plain data: simple flows (redemptions and
 * amortization payments) and coupons (fixed or floating), with amounts known when the leg is built (floating
 * rates are fixed or forecast at build time from the task's fixings and projection curve).
 */
import type { DateSerial, Rate, Real } from '../types.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { MissingFixingError, QuantInputError } from '../errors.ts'
import type { IborIndex } from '../indexes/ibor-index.ts'
import type { OvernightCouponPlan } from './overnight-leg.ts'

export interface SimpleCashFlow {
  kind: 'redemption' | 'amortization'
  date: DateSerial
  amount: Real
}

interface CouponBase {
  /** payment date */
  date: DateSerial
  nominal: Real
  accrualStart: DateSerial
  accrualEnd: DateSerial
  refStart: DateSerial
  refEnd: DateSerial
  exCouponDate: DateSerial | null
  dayCounter: DayCounter
  rate: Rate
  amount: Real
}

export interface FixedRateCoupon extends CouponBase {
  kind: 'fixed'
  compounding: 'Simple' | 'Compounded' | 'Continuous' | 'SimpleThenCompounded' | 'CompoundedThenSimple'
  frequency: number
  /**
   * why its day count refused the period (an Act/365 Canadian reference period under a month), raised only when its
   * amount is needed, as QuantLib computes it lazily
   */
  refused: string | null
}

export interface FloatingRateCoupon extends CouponBase {
  kind: 'floating'
  fixingDate: DateSerial
  /** the index fixing used (past fixing or forecast) */
  indexFixing: Rate
  gearing: Real
  spread: Real
  cap: Rate | null
  floor: Rate | null
  inArrears: boolean
  /** set when the fixing is historical but not in the history: the amount is unknown (QuantLib fails lazily too) */
  missingFixing: { index: string; date: string } | null
  /** a zero accrual period (a one-day stub under 30/360): QuantLib's Ibor pricer refuses it when the rate is needed */
  nullAccrual: boolean
  /** an overnight coupon's observed days and what they read (accrued interest compounds to its date) */
  overnight?: { plan: OvernightCouponPlan; index: IborIndex; evaluationDate: DateSerial }
  /** a CPI coupon (cpi-bond.ts): its rate is the real rate (gearing) x indexFixing / baseCpi */
  inflation?: { baseCpi: number }
}

export type Coupon = FixedRateCoupon | FloatingRateCoupon
export type CashFlow = SimpleCashFlow | Coupon
export type Leg = CashFlow[]

export const isCoupon = (cf: CashFlow): cf is Coupon => cf.kind === 'fixed' || cf.kind === 'floating'

/** Why a floating coupon has no rate, raised only when the rate is needed (as QuantLib computes it lazily). */
function unpriced(c: FloatingRateCoupon): never {
  if (c.nullAccrual) throw new QuantInputError('null accrual period', 'terms.schedule')
  throw new MissingFixingError(c.missingFixing!.index, c.missingFixing!.date)
}

/**
 * The amount of a flow; a coupon whose past fixing is missing (or whose period its day count refused) fails here, only
 * when its amount is needed.
 */
export function amountOf(cf: CashFlow): number {
  if (cf.kind === 'floating' && (cf.missingFixing || cf.nullAccrual)) unpriced(cf)
  if (cf.kind === 'fixed' && cf.refused !== null) throw new QuantInputError(cf.refused, 'terms.day_count')
  return cf.amount
}

/** The rate of a coupon, failing like amountOf when its past fixing is missing. */
export function rateOf(c: Coupon): number {
  if (c.kind === 'floating' && (c.missingFixing || c.nullAccrual)) unpriced(c)
  return c.rate
}

/** QuantLib's CashFlow::hasOccurred with the default settings (no includeTodaysCashFlows override). */
export function hasOccurred(cf: CashFlow, refDate: DateSerial, includeRefDate = false): boolean {
  return includeRefDate ? cf.date < refDate : cf.date <= refDate
}

/** QuantLib's CashFlow::tradingExCoupon: on or after the ex-coupon date the buyer does not get the coupon. */
export function tradingExCoupon(cf: CashFlow, refDate: DateSerial): boolean {
  return isCoupon(cf) && cf.exCouponDate !== null && cf.exCouponDate <= refDate
}

/** QuantLib's Coupon::accrualPeriod. */
export const accrualPeriod = (c: Coupon) =>
  c.dayCounter.yearFraction(c.accrualStart, c.accrualEnd, c.refStart, c.refEnd)
