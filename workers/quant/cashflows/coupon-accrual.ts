/** Accrued amounts of coupons (FixedRateCoupon / FloatingRateCoupon::accruedAmount, QuantLib 1.29). */
import type { DateSerial, Real } from '../types.ts'
import { compoundFactor } from '../curves/interest-rate.ts'
import { rateOf, tradingExCoupon, type Coupon } from './cash-flow.ts'
import { overnightAccruedRate } from './overnight-leg.ts'

/** Interest per unit of nominal of a fixed coupon between two dates, under its reference period. */
function fixedInterest(c: Coupon & { kind: 'fixed' }, d1: DateSerial, d2: DateSerial): Real {
  return compoundFactor(c.rate, c.compounding, c.frequency, c.dayCounter.yearFraction(d1, d2, c.refStart, c.refEnd)) - 1
}

export function accruedAmount(c: Coupon, d: DateSerial): Real {
  if (d <= c.accrualStart || d > c.date) return 0
  if (c.kind === 'fixed') {
    // ex-coupon: the seller keeps the coupon, the buyer is owed the rest of the period
    if (tradingExCoupon(c, d)) return -c.nominal * fixedInterest(c, d, c.accrualEnd)
    return c.nominal * fixedInterest(c, c.accrualStart, Math.min(d, c.accrualEnd))
  }
  const rate = rateOf(c)
  if (tradingExCoupon(c, d))
    return -c.nominal * rate * c.dayCounter.yearFraction(d, Math.max(d, c.accrualEnd), c.refStart, c.refEnd)
  // an overnight coupon compounds its days to d (OvernightIndexedCoupon::accruedAmount)
  const accrued = c.overnight === undefined ? rate : overnightAccruedRate(c, d)
  return (
    c.nominal * accrued * c.dayCounter.yearFraction(c.accrualStart, Math.min(d, c.accrualEnd), c.refStart, c.refEnd)
  )
}
