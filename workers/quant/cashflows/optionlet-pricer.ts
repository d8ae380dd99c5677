/**
 * BlackIborCouponPricer on a ConstantOptionletVolatility (ql/cashflows/couponpricer.cpp, QuantLib 1.29, Black76
 * timing): the rate of an Ibor coupon with caps or floors, or fixed in arrears, when the market data gives an optionlet
 * volatility (design §5.1). Without one the leg prices at zero volatility (ibor-leg.ts), where this rate is
 * intrinsic and the in-arrears adjustment zero.
 */
import type { DateSerial, Rate } from '../types.ts'
import { bachelierBlackFormula, blackFormula, type OptionType } from '../engines/black/black-formula.ts'

/** A constant optionlet volatility: variance accrues from its reference date on Actual/365 (Fixed). */
export interface OptionletVolatility {
  type: 'Normal' | 'ShiftedLognormal'
  volatility: number
  /** the displacement of a shifted-lognormal volatility (0 for Normal) */
  shift: number
  referenceDate: DateSerial
}

/** What the pricer reads of a coupon (a planned Ibor coupon, ibor-leg.ts). */
export interface OptionletCoupon {
  date: DateSerial
  fixingDate: DateSerial
  gearing: number
  spread: number
  cap: number | null
  floor: number | null
  inArrears: boolean
  /** the end of the fixing's estimation period: the index maturity for a coupon in arrears */
  fixingEnd: DateSerial
  /** the index day count from the fixing's value date to fixingEnd */
  spanning: number
}

const FIELD = 'optionlet_volatility'

const variance = (vol: OptionletVolatility, date: DateSerial) =>
  vol.volatility * vol.volatility * ((date - vol.referenceDate) / 365)

/**
 * The fixing with the in-arrears convexity adjustment (BlackIborCouponPricer::adjustedFixing): none for a coupon
 * fixed in advance, paid on its index maturity, or fixed by the volatility's reference date.
 */
function adjustedFixing(c: OptionletCoupon, fixing: Rate, vol: OptionletVolatility): Rate {
  if (!c.inArrears || c.date === c.fixingEnd || c.fixingDate <= vol.referenceDate) return fixing
  const v = variance(vol, c.fixingDate)
  const tau = c.spanning
  const adjustment =
    vol.type === 'ShiftedLognormal'
      ? ((fixing + vol.shift) * (fixing + vol.shift) * v * tau) / (1 + fixing * tau)
      : (v * tau) / (1 + fixing * tau)
  return fixing + adjustment
}

/** The undiscounted optionlet rate per unit of gearing: intrinsic once fixed, else Black or Bachelier. */
function optionletRate(
  c: OptionletCoupon,
  type: OptionType,
  strike: Rate,
  fixing: Rate,
  evaluationDate: DateSerial,
  vol: OptionletVolatility,
): Rate {
  if (c.fixingDate <= evaluationDate) return Math.max(type === 'Call' ? fixing - strike : strike - fixing, 0)
  const stdDev = Math.sqrt(variance(vol, c.fixingDate))
  const forward = adjustedFixing(c, fixing, vol)
  return vol.type === 'ShiftedLognormal'
    ? blackFormula(type, strike, forward, stdDev, vol.shift, FIELD)
    : bachelierBlackFormula(type, strike, forward, stdDev, FIELD)
}

/**
 * The coupon's rate (CappedFlooredCoupon::rate over the pricer): the swaplet on the adjusted fixing, plus the floorlet,
 * minus the caplet, at effective strikes (level - spread) / gearing. Caps and floors need a positive gearing (checked
 * when the leg is planned).
 */
export function blackIborCouponRate(
  c: OptionletCoupon,
  fixing: Rate,
  evaluationDate: DateSerial,
  vol: OptionletVolatility,
): Rate {
  let rate = c.gearing * adjustedFixing(c, fixing, vol) + c.spread
  if (c.floor !== null)
    rate += c.gearing * optionletRate(c, 'Put', (c.floor - c.spread) / c.gearing, fixing, evaluationDate, vol)
  if (c.cap !== null)
    rate -= c.gearing * optionletRate(c, 'Call', (c.cap - c.spread) / c.gearing, fixing, evaluationDate, vol)
  return rate
}
