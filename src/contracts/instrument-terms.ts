/**
 * Stored instrument terms (`instrument_dump`, serialization_format `fixed_income.instrument@v1`) of the six bond
 * classes, design §4. Validated when loaded, so a stored pricing-details row always rebuilds. Dates are ISO
 * `YYYY-MM-DD`, rates decimals (0.05 = 5%), prices per 100 of face. Codes (day counts, calendars, conventions)
 * are checked by the numerical core when the instrument is rebuilt.
 */
import { Type, type Static, type TSchema } from 'typebox'

export const INSTRUMENT_SERIALIZATION_FORMAT = 'fixed_income.instrument@v1'

const IsoDay = Type.String({ format: 'date', description: 'ISO date YYYY-MM-DD' })
const PeriodText = Type.String({ pattern: '^[0-9]+[DWMYdwmy]$', description: 'a period such as 3M, 6M, 1Y, 28D' })
const Code = (description: string) => Type.String({ minLength: 1, maxLength: 64, description })
const Opt = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))
const Rates = Type.Array(Type.Number({ minimum: -1, maximum: 10 }), { minItems: 1 })

const CalendarTerms = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, description: 'QuantLib calendar name, e.g. TARGET, UnitedStates::GovernmentBond, JointCalendar' }),
    market: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    calendars: Type.Optional(Type.Array(Type.Object({ name: Type.String({ minLength: 1 }), market: Type.Optional(Type.String()) }, { additionalProperties: false }), { minItems: 2 })),
    rule: Type.Optional(Type.Enum(['JoinHolidays', 'JoinBusinessDays'])),
  },
  { additionalProperties: false },
)

const ScheduleTerms = Type.Object(
  {
    dates: Type.Array(IsoDay, { minItems: 2, description: 'authoritative schedule dates, increasing' }),
    calendar: Opt(CalendarTerms),
    business_day_convention: Opt(Code('convention of the schedule dates')),
    termination_business_day_convention: Opt(Code('convention of the last date')),
    end_of_month: Opt(Type.Boolean()),
    tenor: Opt(PeriodText),
    rule: Opt(Type.Enum(['Backward', 'Forward', 'Zero', 'ThirdWednesday'])),
  },
  { additionalProperties: false },
)

const common = {
  face_value: Type.Number({ exclusiveMinimum: 0, description: 'face amount in currency' }),
  issue_date: IsoDay,
  maturity_date: IsoDay,
  day_count: Code('day count code, e.g. ActualActual_ISMA, Thirty360_BondBasis, Actual360'),
  calendar: CalendarTerms,
  business_day_convention: Type.Optional(Code('QuantLib business-day convention (default Following)')),
  settlement_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 30, description: 'default 2' })),
  schedule: Opt(ScheduleTerms),
  benchmark_rate_index_uid: Opt(Type.String({ format: 'uuid', description: 'index selector for curve resolution' })),
}

const paymentAndExCoupon = {
  payment_convention: Opt(Code('payment date convention (default: business_day_convention)')),
  payment_calendar: Opt(CalendarTerms),
  ex_coupon_period: Opt(PeriodText),
  ex_coupon_calendar: Opt(CalendarTerms),
  ex_coupon_convention: Opt(Code('default Unadjusted')),
  ex_coupon_end_of_month: Opt(Type.Boolean()),
}

const Amortization = Type.Object(
  {
    notionals: Type.Array(Type.Number({ exclusiveMinimum: 0 }), { minItems: 1, description: 'one notional per coupon period; the first is face_value' }),
    redemptions: Opt(Type.Array(Type.Number({ minimum: 0 }), { minItems: 1 })),
    payment_lag: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
  },
  { additionalProperties: false },
)

const fixed = {
  ...common,
  ...paymentAndExCoupon,
  coupon_frequency: PeriodText,
  coupon_rate: Type.Number({ minimum: -1, maximum: 10 }),
  redemption: Type.Optional(Type.Number({ minimum: 0, description: 'per 100 of face (default 100)' })),
}

const floating = {
  ...common,
  ...paymentAndExCoupon,
  coupon_frequency: PeriodText,
  floating_rate_index_uid: Type.String({ format: 'uuid' }),
  spread: Type.Number({ minimum: -1, maximum: 10 }),
  fixing_days: Opt(Type.Integer({ minimum: 0, maximum: 30 })),
  gearings: Opt(Type.Array(Type.Number(), { minItems: 1 })),
  spreads: Opt(Rates),
  caps: Opt(Rates),
  floors: Opt(Rates),
  in_arrears: Opt(Type.Boolean()),
  redemption: Type.Optional(Type.Number({ minimum: 0 })),
}

const Callability = Type.Object(
  {
    date: IsoDay,
    type: Type.Enum(['Call', 'Put']),
    price: Type.Number({ exclusiveMinimum: 0, description: 'per 100 of notional' }),
    price_type: Type.Enum(['Clean', 'Dirty']),
  },
  { additionalProperties: false },
)

const strict = <T extends Record<string, TSchema>>(properties: T, title: string) => Type.Object(properties, { additionalProperties: false, title })

export const INSTRUMENT_TERMS = {
  FixedRateBond: strict(fixed, 'FixedRateBondTerms'),
  CallableFixedRateBond: strict({ ...fixed, callability: Type.Array(Callability, { minItems: 1 }) }, 'CallableFixedRateBondTerms'),
  AmortizingFixedRateBond: strict({ ...fixed, amortization: Amortization }, 'AmortizingFixedRateBondTerms'),
  ZeroCouponBond: strict({ ...common, payment_convention: Opt(Code('default: business_day_convention')), redemption_pct: Type.Optional(Type.Number({ minimum: 0 })) }, 'ZeroCouponBondTerms'),
  FloatingRateBond: strict(floating, 'FloatingRateBondTerms'),
  AmortizingFloatingRateBond: strict({ ...floating, amortization: Amortization }, 'AmortizingFloatingRateBondTerms'),
} as const

export type InstrumentType = keyof typeof INSTRUMENT_TERMS
export const INSTRUMENT_TYPES = Object.keys(INSTRUMENT_TERMS) as InstrumentType[]

export type FixedRateBondTerms = Static<typeof INSTRUMENT_TERMS.FixedRateBond>
export type CallableFixedRateBondTerms = Static<typeof INSTRUMENT_TERMS.CallableFixedRateBond>
export type AmortizingFixedRateBondTerms = Static<typeof INSTRUMENT_TERMS.AmortizingFixedRateBond>
export type ZeroCouponBondTerms = Static<typeof INSTRUMENT_TERMS.ZeroCouponBond>
export type FloatingRateBondTerms = Static<typeof INSTRUMENT_TERMS.FloatingRateBond>
export type AmortizingFloatingRateBondTerms = Static<typeof INSTRUMENT_TERMS.AmortizingFloatingRateBond>
export type CalendarTerms = Static<typeof CalendarTerms>
