/**
 * The bond (ql/instruments/bond.hpp): terms only — settlement rule, cash flows, the notional schedule derived
 * from the coupons, and redemptions added where the notional steps down. Pricing is done by engines and the
 * stateless functions of engines/bond/bond-functions.ts; the evaluation date is always an argument.
 */
import type { DateSerial, Real } from '../types.ts'
import { require } from '../errors.ts'
import { toIso } from '../time/date.ts'
import { advance, type Calendar } from '../time/calendar.ts'
import { isCoupon, type CashFlow, type Leg, type SimpleCashFlow } from '../cashflows/cash-flow.ts'

export interface Bond {
  settlementDays: number
  calendar: Calendar
  issueDate: DateSerial | null
  maturityDate: DateSerial
  /** coupons and redemptions sorted by date (redemptions after coupons of the same date) */
  cashflows: Leg
  /** notionals[i] applies before notionalSchedule[i+1]; the last notional is 0 */
  notionals: Real[]
  /** first entry is null (no start), then the payment dates where the notional changes */
  notionalSchedule: (DateSerial | null)[]
}

/** Bond::settlementDate: settlement days after d on the bond calendar, never before the issue date. */
export function settlementDate(bond: Bond, d: DateSerial): DateSerial {
  const s = advance(bond.calendar, d, bond.settlementDays, 'Days')
  return bond.issueDate === null ? s : Math.max(s, bond.issueDate)
}

/** Bond::notional(d): on a redemption date the payment has occurred and the notional already changed. */
export function notional(bond: Bond, d: DateSerial): Real {
  const schedule = bond.notionalSchedule
  if (d > (schedule[schedule.length - 1] as DateSerial)) return 0
  let index = 1
  while (index < schedule.length && (schedule[index] as DateSerial) < d) index++
  return d < (schedule[index] as DateSerial) ? bond.notionals[index - 1] : bond.notionals[index]
}

const close = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= 42 * Number.EPSILON * Math.max(Math.abs(a), Math.abs(b))

/** Bond::calculateNotionalsFromCashflows. */
function notionalsFromCoupons(leg: Leg): { notionals: Real[]; schedule: (DateSerial | null)[] } {
  const notionals: Real[] = []
  const schedule: (DateSerial | null)[] = [null]
  let lastPaymentDate: DateSerial | null = null
  for (const cf of leg) {
    if (!isCoupon(cf)) continue
    if (notionals.length === 0) {
      notionals.push(cf.nominal)
    } else if (!close(cf.nominal, notionals[notionals.length - 1])) {
      notionals.push(cf.nominal)
      schedule.push(lastPaymentDate)
    }
    lastPaymentDate = cf.date
  }
  require(notionals.length > 0, 'no coupons provided')
  notionals.push(0)
  schedule.push(lastPaymentDate)
  return { notionals, schedule }
}

/** Bond::addRedemptionsToCashflows: amortization payments where the notional steps down, the redemption last. */
export function bondFromCoupons(
  base: Omit<Bond, 'cashflows' | 'notionals' | 'notionalSchedule'>,
  coupons: Leg,
  redemptions: readonly number[],
): Bond {
  if (base.issueDate !== null && coupons.length > 0) {
    let first = coupons[0].date
    for (const c of coupons) if (c.date < first) first = c.date
    const issue = base.issueDate
    require(issue < first, () =>
      `issue date (${toIso(issue)}) must be earlier than first payment date (${toIso(first)})`, 'issue_date')
  }
  const { notionals, schedule } = notionalsFromCoupons(coupons)
  const cashflows: CashFlow[] = [...coupons]
  for (let i = 1; i < schedule.length; i++) {
    const R = i < redemptions.length ? redemptions[i] : redemptions.length ? redemptions[redemptions.length - 1] : 100
    const payment: SimpleCashFlow = {
      kind: i < schedule.length - 1 ? 'amortization' : 'redemption',
      date: schedule[i] as DateSerial,
      amount: (R / 100) * (notionals[i - 1] - notionals[i]),
    }
    cashflows.push(payment)
  }
  // stable: redemptions follow the coupons of the same date
  cashflows.sort((a, b) => a.date - b.date)
  require(cashflows.length > 0, 'bond with no cashflows!')
  // spelled out rather than spread (a floater's bumped re-forecasts build one per bump): V8 gives each spread with
  // added fields hidden classes of its own, allocated in the old generation
  return {
    settlementDays: base.settlementDays,
    calendar: base.calendar,
    issueDate: base.issueDate,
    maturityDate: base.maturityDate,
    cashflows,
    notionals,
    notionalSchedule: schedule,
  }
}

/** Bond::setSingleRedemption (zero-coupon bonds). */
export function bondWithSingleRedemption(
  base: Omit<Bond, 'cashflows' | 'notionals' | 'notionalSchedule'>,
  faceAmount: Real,
  redemption: Real,
  date: DateSerial,
): Bond {
  return {
    settlementDays: base.settlementDays,
    calendar: base.calendar,
    issueDate: base.issueDate,
    maturityDate: base.maturityDate,
    cashflows: [{ kind: 'redemption', date, amount: (faceAmount * redemption) / 100 }],
    notionals: [faceAmount, 0],
    notionalSchedule: [null, date],
  }
}
