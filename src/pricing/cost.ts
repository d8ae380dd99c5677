/**
 * Which pricing tasks are heavy: a callable whose Hull-White tree has many close events (call dates and
 * coupons) costs about events² (10 ms at 300 events, 100+ ms at 1,000 and more per solver iteration), where a
 * bond of any other class costs microseconds. Heavy tasks run alone, on their own lane (src/pricing/batcher.ts),
 * so cheap requests neither wait behind them nor fail with them. An estimate from the terms, never a pricing.
 */
import type { PricingTask } from '../contracts/pricing.ts'
import type { InstrumentTermsFields } from '../contracts/instrument-terms.ts'

/** Events above which a callable is heavy: the demo's callables have 7 to 25. */
export const HEAVY_TREE_EVENTS = 150

const MONTHS: Record<string, number> = { D: 1 / 30.4375, W: 7 / 30.4375, M: 1, Y: 12 }

function couponPeriods(terms: InstrumentTermsFields): number {
  const schedule = terms.schedule
  // checked: stored terms may be older than their schema
  if (schedule && Array.isArray(schedule.dates)) return schedule.dates.length - 1
  const tenor = /^(\d+)([DWMY])$/i.exec(String(terms.coupon_frequency ?? ''))
  const issue = Date.parse(String(terms.issue_date))
  const maturity = Date.parse(String(terms.maturity_date))
  if (!tenor || Number.isNaN(issue) || Number.isNaN(maturity)) return 0
  const months = Number(tenor[1]) * MONTHS[tenor[2].toUpperCase()]
  return months > 0 ? (maturity - issue) / (30.4375 * 86_400_000 * months) : 0
}

/** Whether a bond of this type and terms makes a heavy task. */
export function isHeavyTerms(type: string | null, terms: InstrumentTermsFields | null): boolean {
  if (type !== 'CallableFixedRateBond' || !terms) return false
  const calls = Array.isArray(terms.callability) ? terms.callability.length : 0
  return calls + couponPeriods(terms) > HEAVY_TREE_EVENTS
}

/** A task's `heavy` flag when it was built with one (buildTask), else decided from its terms object. */
export function isHeavyTask(task: unknown): boolean {
  const { instrument_type: type, terms, heavy } = task as PricingTask
  if (heavy !== undefined) return heavy
  return typeof terms === 'object' && isHeavyTerms(type, terms)
}
