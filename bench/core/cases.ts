/**
 * The cases of bench/core in our core: the same instruments and curves as quantlib_bench.cpp, as plain
 * functions returning a number (so the work cannot be optimized away).
 */
import { fromIso } from '../../workers/quant/time/date.ts'
import type { InstrumentTermsFields } from '../../src/contracts/instrument-terms.ts'
import { buildCurve } from '../../workers/quant/curves/curve-from-nodes.ts'
import {
  commonTerms,
  cpiBondOptions,
  planFloatingRateBond,
  rebuildFixedRateBond,
  rebuildZeroCouponBond,
  timeCaches,
} from '../../workers/operations/rebuild-instrument.ts'
import { floatingRateBondFrom } from '../../workers/quant/instruments/bonds/floating-rate-bond.ts'
import { discountingBondEngine } from '../../workers/quant/engines/bond/discounting-bond-engine.ts'
import {
  accruedAmount,
  dirtyPriceFromValue,
  duration,
  yieldFromCleanPrice,
  zSpreadFromCleanPrice,
} from '../../workers/quant/engines/bond/bond-functions.ts'
import { callableOf, callableValuation } from '../../workers/operations/callable.ts'
import { settlementDate } from '../../workers/quant/instruments/bond.ts'
import type { IborIndex } from '../../workers/quant/indexes/ibor-index.ts'
import { zeroInflationCurve, type ZeroInflationIndex } from '../../workers/quant/indexes/zero-inflation-index.ts'
import { cpiBond } from '../../workers/quant/instruments/bonds/cpi-bond.ts'
import { calendarFromTerms } from '../../workers/quant/time/calendars/index.ts'
import { actual360 } from '../../workers/quant/time/daycounters/actual360.ts'
import { advance } from '../../workers/quant/time/calendar.ts'
import { actualActual } from '../../workers/quant/time/daycounters/actual-actual.ts'
import { actual365Fixed } from '../../workers/quant/time/daycounters/actual365-fixed.ts'

export const TODAY = fromIso('2026-11-20')
const DAYS = [0, 30, 91, 182, 365, 730, 1095, 1826, 2557, 3652, 5479, 7305, 10957]
const nodes = { days_to_maturity: DAYS, zero: DAYS.map((d) => 0.03 + 0.012 * (1 - Math.exp(-d / 365 / 4))) }
export const curve = buildCurve({
  referenceDate: TODAY,
  nodes,
  building: {
    interpolation_method: 'linear_zero',
    compounding: 'Continuous',
    frequency: 'NoFrequency',
    day_counter: 'Actual365Fixed',
  },
})
const projection = buildCurve({
  referenceDate: TODAY,
  nodes,
  building: {
    interpolation_method: 'linear_zero',
    compounding: 'Continuous',
    frequency: 'NoFrequency',
    day_counter: 'Actual365Fixed',
  },
})

const common = {
  issue_date: '2024-11-20',
  maturity_date: '2029-11-20',
  day_count: 'ActualActual_Bond',
  calendar: { name: 'TARGET' },
  business_day_convention: 'Following',
  payment_convention: 'Following',
  settlement_days: 2,
  coupon_frequency: '6M',
}
const notionals = Array.from({ length: 10 }, (_, i) => 100 - 8 * Math.max(0, i - 1))
export const terms = {
  fixed: { ...common, face_value: 100, coupon_rate: 0.05 },
  amortizingFixed: { ...common, face_value: 100, coupon_rate: 0.05, amortization: { notionals } },
  zero: { ...common, face_value: 100 },
  floating: {
    ...common,
    face_value: 100,
    floating_rate_index_uid: 'x',
    spread: 0.005,
    fixing_days: 2,
    day_count: 'Actual360',
  },
  amortizingFloating: {
    ...common,
    face_value: 100,
    floating_rate_index_uid: 'x',
    spread: 0.005,
    fixing_days: 2,
    day_count: 'Actual360',
    amortization: { notionals },
  },
  overnight: {
    ...common,
    face_value: 100,
    floating_rate_index_uid: 'x',
    spread: 0.005,
    day_count: 'Actual360',
    coupon_frequency: '3M',
    overnight: {},
  },
  cpi: {
    ...common,
    face_value: 100,
    coupon_rate: 0.0175,
    inflation_index_uid: 'x',
    base_cpi: 300 * 1.03 ** (19 / 12),
    observation_lag: '3M',
    interpolation: 'Linear',
  },
  callable: {
    ...common,
    face_value: 100,
    coupon_rate: 0.05,
    callability: [2027, 2028, 2029].map((y) => ({ date: `${y}-11-20`, type: 'Call', price: 100, price_type: 'Clean' })),
  },
  // real bonds: a month-end step-up generated Backward with end of month, and a Brazilian bond on Business/252
  stepUp: {
    face_value: 100,
    issue_date: '2025-08-31',
    maturity_date: '2035-08-31',
    coupon_frequency: '6M',
    coupon_rate: [0.03, 0.035, 0.04, 0.045],
    day_count: 'ActualActual_Bond',
    calendar: { name: 'UnitedStates::GovernmentBond' },
    business_day_convention: 'Unadjusted',
    payment_convention: 'Following',
    settlement_days: 1,
    schedule: { rule: 'Backward', end_of_month: true },
  },
  brazil: {
    face_value: 1000,
    issue_date: '2025-01-01',
    maturity_date: '2035-01-01',
    coupon_frequency: '6M',
    coupon_rate: 0.1,
    day_count: 'Business252',
    calendar: { name: 'Brazil' },
    business_day_convention: 'Following',
    settlement_days: 1,
    schedule: { rule: 'Backward' },
  },
} satisfies Record<string, InstrumentTermsFields>

// the index's fixing calendar as a worker resolves it (floatingIndex, workers/operations/market.ts): in the thread's
// workspace
const target = calendarFromTerms({ name: 'TARGET' }, 'index.calendar', timeCaches)
const history = new Map<number, number>()
for (let d = advance(target, fromIso('2024-11-10'), 0, 'Days'); d <= TODAY; d = advance(target, d, 1, 'Days'))
  history.set(d, 0.03)
const index: IborIndex = {
  name: 'BENCH-IBOR',
  tenor: { length: 6, unit: 'Months' },
  fixingDays: 2,
  fixingCalendar: target,
  dayCounter: actual360,
  convention: 'ModifiedFollowing',
  endOfMonth: false,
  history,
  forecastCurve: projection,
  overnight: false,
}
// a CPI on monthly values from January 2023 and a zero-inflation curve (QuantLib's ZeroInflationIndex)
const cpiHistory = new Map<number, number>()
for (let i = 0; i < 46; i++)
  cpiHistory.set(fromIso(new Date(Date.UTC(2023, i, 1)).toISOString().slice(0, 10)), 300 * 1.03 ** (i / 12))
const zcYears = [1, 2, 3, 5, 7, 10, 15, 20]
const cpiIndex: ZeroInflationIndex = {
  name: 'BENCH-CPI',
  availabilityLag: { length: 1, unit: 'Months' },
  interpolated: false,
  history: cpiHistory,
  curve: zeroInflationCurve(
    TODAY,
    actual365Fixed,
    { length: 3, unit: 'Months' },
    [fromIso('2026-08-01'), ...zcYears.map((y) => fromIso(`${2026 + y}-11-20`))],
    [0.028, ...zcYears.map((y) => 0.025 + 0.003 * Math.exp(-y / 3))],
  ),
}
// an overnight index on the same calendar, fixings and projection curve (QuantLib's OvernightIndex)
const overnightIndex: IborIndex = {
  ...index,
  name: 'BENCH-ON',
  tenor: { length: 1, unit: 'Days' },
  fixingDays: 0,
  convention: 'Following',
  overnight: true,
}

export const fixedBond = rebuildFixedRateBond('FixedRateBond', terms.fixed)
const settlement = settlementDate(fixedBond, TODAY)
const valuation = discountingBondEngine(fixedBond, curve, TODAY)
export const clean =
  dirtyPriceFromValue(fixedBond, valuation.settlementValue, settlement) - accruedAmount(fixedBond, settlement)
const bondDc = actualActual('Bond')
export const yieldValue = yieldFromCleanPrice(fixedBond, clean, bondDc, 'Compounded', 2, settlement)

// each bond's common terms parsed once, as a rebuild hands them to its builders (the instrument cache keeps them)
const parsed = Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, commonTerms(v)])) as Record<
  keyof typeof terms,
  ReturnType<typeof commonTerms>
>

export const CASES: Record<string, () => number> = {
  fixed_build_npv: () =>
    discountingBondEngine(rebuildFixedRateBond('FixedRateBond', terms.fixed, parsed.fixed), curve, TODAY).npv,
  amortizing_fixed_build_npv: () =>
    discountingBondEngine(
      rebuildFixedRateBond('AmortizingFixedRateBond', terms.amortizingFixed, parsed.amortizingFixed),
      curve,
      TODAY,
    ).npv,
  zero_build_npv: () => discountingBondEngine(rebuildZeroCouponBond(terms.zero, parsed.zero), curve, TODAY).npv,
  floating_build_npv: () =>
    discountingBondEngine(
      floatingRateBondFrom(
        planFloatingRateBond('FloatingRateBond', terms.floating, index, parsed.floating),
        index,
        TODAY,
      ),
      curve,
      TODAY,
    ).npv,
  amortizing_floating_build_npv: () =>
    discountingBondEngine(
      floatingRateBondFrom(
        planFloatingRateBond('AmortizingFloatingRateBond', terms.amortizingFloating, index, parsed.amortizingFloating),
        index,
        TODAY,
      ),
      curve,
      TODAY,
    ).npv,
  overnight_build_npv: () =>
    discountingBondEngine(
      floatingRateBondFrom(
        planFloatingRateBond('FloatingRateBond', terms.overnight, overnightIndex, parsed.overnight),
        overnightIndex,
        TODAY,
      ),
      curve,
      TODAY,
    ).npv,
  cpi_build_npv: () =>
    discountingBondEngine(cpiBond(cpiBondOptions(terms.cpi, cpiIndex, parsed.cpi), TODAY), curve, TODAY).npv,
  callable_build_npv: () =>
    callableValuation(
      callableOf(rebuildFixedRateBond('CallableFixedRateBond', terms.callable, parsed.callable), terms.callable),
      curve,
      TODAY,
      undefined,
    ).npv,
  fixed_yield: () => yieldFromCleanPrice(fixedBond, clean, bondDc, 'Compounded', 2, settlement),
  fixed_z_spread: () =>
    zSpreadFromCleanPrice(fixedBond, clean * 0.99, curve, settlement, {
      accuracy: 1e-10,
      maxIterations: 100,
      guess: 0,
    }),
  fixed_modified_duration: () =>
    duration(
      fixedBond,
      { rate: yieldValue, dayCounter: bondDc, compounding: 'Compounded', frequency: 2 },
      'Modified',
      settlement,
    ),
  eom_step_up_build_npv: () =>
    discountingBondEngine(rebuildFixedRateBond('FixedRateBond', terms.stepUp, parsed.stepUp), curve, TODAY).npv,
  business252_build_npv: () =>
    discountingBondEngine(rebuildFixedRateBond('FixedRateBond', terms.brazil, parsed.brazil), curve, TODAY).npv,
  fixed_yield_continuous_act365: () =>
    yieldFromCleanPrice(fixedBond, clean, actual365Fixed, 'Continuous', 1, settlement),
}
