/**
 * P&L explain of one asset between two dates (src/risk/pnl-explain.ts): the task is the later date's, `explain_from`
 * the earlier one's (each with its own curves and fixings). V0 and V1 are the NPVs at each; `paid` the flows V0
 * counts and V1 no longer does. The split is sequential, so it sums to V1 − V0 + paid exactly:
 * - carry: V_c − V0 + paid, V_c the earlier flows (a floater's coupons as forecast then, as carry-roll-down keeps
 *   them) at the later curve reference date on the earlier discount curve seen from there (forwards unchanged);
 * - curves: V_k − V_c, V_k the later curves, with the coupons fixed by the later date at the amounts forecast earlier
 *   (a callable on its tree fitted to the later curve: V1);
 * - fixings: V1 − V_k, the fixings published between the dates against their forecasts (a floater's; zero for other
 *   classes: a CPI bond's new prints are part of `curves`).
 * `curves` is attributed first-order to key rates: −KRD_i × V0 × Δz_i, KRD at the earlier date and Δz_i the change of
 * the discount curve's continuous zero rate at the tenor, later curve less the earlier one seen from the later date.
 */
import type { PricingTask } from '../../src/contracts/pricing.ts'
import { QuantInputError, requireFinite } from '../quant/errors.ts'
import { amountOf, hasOccurred, tradingExCoupon, type CashFlow, type Leg } from '../quant/cashflows/cash-flow.ts'
import { npv } from '../quant/cashflows/cashflows.ts'
import { ImpliedTermStructure } from '../quant/curves/implied-term-structure.ts'
import { zeroRateTime, type YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import { parsePeriod, shiftByPeriod } from '../quant/time/period.ts'
import { callableOfInstrument, callableValuation } from './callable.ts'
import { keyRateDurations, keyRateTenors } from './risk.ts'
import { value, type Valued } from './valuation.ts'

const counted = (cf: CashFlow, reference: number) => !hasOccurred(cf, reference) && !tradingExCoupon(cf, reference)

/** The later flows with the coupons fixed by `date` as the earlier instrument forecast them. */
function fixedAsForecast(earlier: Leg, later: Leg, date: number): Leg {
  if (earlier.length !== later.length || earlier.some((cf, i) => cf.date !== later[i].date))
    throw new QuantInputError('the bond has different cash flows at the two dates', 'terms')
  return later.map((cf, i) => (cf.kind === 'floating' && !cf.inflation && cf.fixingDate <= date ? earlier[i] : cf))
}

const continuousZero = (curve: YieldTermStructure, t: number) => zeroRateTime(curve, t, 'Continuous', 1, true)

export function pnlExplain(task: PricingTask): Record<string, unknown> {
  const earlierTask = task.explain_from as PricingTask | undefined
  if (!earlierTask) throw new QuantInputError('no earlier task to explain from', 'explain_from')
  // a guest here (src/pricing/batcher.ts) is one for both dates' instruments
  earlierTask.guest = task.guest
  const v0: Valued = value(earlierTask)
  const v1: Valued = value(task)
  const r0 = v0.curve.referenceDate
  const r1 = v1.curve.referenceDate
  let paid = 0
  for (const cf of v1.bond.cashflows) if (counted(cf, r0) && !counted(cf, r1)) paid += amountOf(cf)
  const implied = new ImpliedTermStructure(v0.curve, r1)
  const callable = v1.type === 'CallableFixedRateBond'
  const carried = callable
    ? callableValuation(callableOfInstrument(v0), implied, v1.evaluationDate, earlierTask.short_rate_model).npv
    : npv(v0.bond.cashflows, implied, r1, r1)
  const curved = v1.floating
    ? npv(fixedAsForecast(v0.bond.cashflows, v1.bond.cashflows, v1.evaluationDate), v1.curve, r1, r1)
    : v1.valuation.npv
  const tenors = keyRateTenors(task)
  const durations =
    v0.valuation.npv === 0 ? tenors.map((tenor) => ({ tenor, duration: 0 })) : keyRateDurations(earlierTask, v0)
  const keyRates = durations.map(({ tenor, duration }) => {
    const at = shiftByPeriod(r1, parsePeriod(tenor))
    const t = v1.curve.dayCounter.yearFraction(r1, at)
    const change = continuousZero(v1.curve, t) - continuousZero(implied, implied.dayCounter.yearFraction(r1, at))
    return { tenor, duration, zero_change: change, contribution: -duration * v0.valuation.npv * change }
  })
  const result = {
    v0: v0.valuation.npv,
    v1: v1.valuation.npv,
    paid,
    carried,
    curved,
  }
  for (const [k, x] of Object.entries(result)) requireFinite(x, k)
  for (const k of keyRates) requireFinite(k.contribution, `key rate ${k.tenor}`)
  return { ...result, key_rates: keyRates }
}
