/** ZeroCouponBond (ql/instruments/bonds/zerocouponbond.hpp): one redemption on the adjusted maturity date. */
import type { DateSerial } from '../../types.ts'
import { require } from '../../errors.ts'
import { adjust, type Calendar } from '../../time/calendar.ts'
import type { BusinessDayConvention } from '../../time/business-day-convention.ts'
import { bondWithSingleRedemption, type Bond } from '../bond.ts'

export interface ZeroCouponBondOptions {
  settlementDays: number
  calendar: Calendar
  faceAmount: number
  maturityDate: DateSerial
  paymentConvention?: BusinessDayConvention
  redemption?: number
  issueDate?: DateSerial | null
}

export function zeroCouponBond(o: ZeroCouponBondOptions): Bond {
  require(o.settlementDays >= 0, () => `settlement days (${o.settlementDays}) must be non-negative`, 'settlement_days')
  const date = adjust(o.calendar, o.maturityDate, o.paymentConvention ?? 'Following')
  return bondWithSingleRedemption(
    {
      settlementDays: o.settlementDays,
      calendar: o.calendar,
      issueDate: o.issueDate ?? null,
      maturityDate: o.maturityDate,
    },
    o.faceAmount,
    o.redemption ?? 100,
    date,
  )
}
