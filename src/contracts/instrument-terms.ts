/**
 * Stored instrument terms (`instrument_dump`, serialization_format `fixed_income.instrument@v1`) of the six bond
 * classes, design §4. Validated when loaded, so a stored pricing-details row always rebuilds. Dates are ISO
 * `YYYY-MM-DD`, rates decimals (0.05 = 5%), prices per 100 of face. Codes (day counts, calendars, conventions)
 * are checked by the numerical core when the instrument is rebuilt.
 */
import { Type, type Static, type TSchema } from 'typebox'

export const INSTRUMENT_SERIALIZATION_FORMAT = 'fixed_income.instrument@v1'

const IsoDay = (description: string) => Type.String({ format: 'date', description: `${description} (YYYY-MM-DD)` })
const PeriodText = (description: string) => Type.String({ pattern: '^[0-9]+[DWMYdwmy]$', description: `${description}: a period such as 3M, 6M, 1Y, 28D` })
const Code = (description: string) => Type.String({ minLength: 1, maxLength: 64, description })
/** Optional and nullable; the description is repeated on the union, where documentation tools look. */
const Opt = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()], { description: (schema as { description?: string }).description }))
const Rates = (description: string) => Type.Array(Type.Number({ minimum: -1, maximum: 10 }), { minItems: 1, description })

const DAY_COUNTS = 'Actual360, Actual365Fixed, Thirty360_USA, Thirty360_BondBasis, Thirty360_European, Thirty360_ISMA, Thirty360_ISDA, ActualActual_ISDA, ActualActual_ISMA, ActualActual_Bond, ActualActual_AFB (aliases such as Actual/360 accepted)'
const CONVENTIONS = 'Following, ModifiedFollowing, Preceding, ModifiedPreceding, Unadjusted, HalfMonthModifiedFollowing, Nearest'

const CalendarTerms = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, description: 'QuantLib calendar name: TARGET, NullCalendar, WeekendsOnly, UnitedStates::GovernmentBond, UnitedStates::Settlement, UnitedStates::NYSE, UnitedStates::SOFR, UnitedKingdom::Settlement, UnitedKingdom::Exchange, Mexico, or JointCalendar' }),
    market: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'market of a country calendar, when name is the country alone (UnitedStates + GovernmentBond)' })),
    calendars: Type.Optional(Type.Array(Type.Object({ name: Type.String({ minLength: 1 }), market: Type.Optional(Type.String()) }, { additionalProperties: false }), { minItems: 2, description: 'the calendars a JointCalendar joins' })),
    rule: Type.Optional(Type.Enum(['JoinHolidays', 'JoinBusinessDays'], { description: 'how a JointCalendar joins them (default JoinHolidays)' })),
  },
  { additionalProperties: false, description: 'a business-day calendar', examples: [{ name: 'TARGET' }, { name: 'JointCalendar', calendars: [{ name: 'TARGET' }, { name: 'UnitedKingdom::Settlement' }], rule: 'JoinHolidays' }] },
)

const ScheduleTerms = Type.Object(
  {
    dates: Type.Array(Type.String({ format: 'date' }), { minItems: 2, description: 'authoritative schedule dates, increasing, first = accrual start, last = maturity' }),
    calendar: Opt(CalendarTerms),
    business_day_convention: Opt(Code(`convention of the schedule dates: ${CONVENTIONS}`)),
    termination_business_day_convention: Opt(Code('convention of the last date')),
    end_of_month: Opt(Type.Boolean()),
    tenor: Opt(PeriodText('tenor of the schedule')),
    rule: Opt(Type.Enum(['Backward', 'Forward', 'Zero', 'ThirdWednesday'])),
  },
  { additionalProperties: false, description: 'an explicit coupon schedule; null generates one Forward from issue_date to maturity_date at coupon_frequency' },
)

const common = {
  face_value: Type.Number({ exclusiveMinimum: 0, description: 'face amount in currency; prices are per 100 of it' }),
  issue_date: IsoDay('issue date, where accrual starts'),
  maturity_date: IsoDay('maturity date, after issue_date'),
  day_count: Code(`day count of the coupons and of yields: ${DAY_COUNTS}`),
  calendar: CalendarTerms,
  business_day_convention: Type.Optional(Code(`business-day convention of the schedule and payments (default Following): ${CONVENTIONS}`)),
  settlement_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 30, description: 'business days from valuation to settlement (default 2)' })),
  schedule: Opt(ScheduleTerms),
  benchmark_rate_index_uid: Opt(
    Type.String({
      format: 'uuid',
      description:
        "uid of an index used as a curve selector, never a request parameter: fixed-rate classes are discounted on the market-data set's `discount` curve selection of this index, and z-spread solves over its `z_spread_base` selection",
    }),
  ),
}

const paymentAndExCoupon = {
  payment_convention: Opt(Code('business-day convention of payment dates (default: business_day_convention)')),
  payment_calendar: Opt(CalendarTerms),
  ex_coupon_period: Opt(PeriodText('ex-coupon period before each payment')),
  ex_coupon_calendar: Opt(CalendarTerms),
  ex_coupon_convention: Opt(Code('convention of the ex-coupon date (default Unadjusted)')),
  ex_coupon_end_of_month: Opt(Type.Boolean({ description: 'end-of-month rule of the ex-coupon period' })),
}

const Amortization = Type.Object(
  {
    notionals: Type.Array(Type.Number({ exclusiveMinimum: 0 }), { minItems: 1, description: 'one notional per coupon period, the first equal to face_value' }),
    redemptions: Opt(Type.Array(Type.Number({ minimum: 0 }), { minItems: 1, description: 'redemption per 100 of each notional step (default 100)' })),
    payment_lag: Type.Optional(Type.Integer({ minimum: 0, maximum: 30, description: 'business days between period end and payment (default 0)' })),
  },
  { additionalProperties: false, description: 'the outstanding notional of each coupon period', examples: [{ notionals: [100, 100, 75, 50, 25], payment_lag: 0 }] },
)

const fixed = {
  ...common,
  ...paymentAndExCoupon,
  coupon_frequency: PeriodText('coupon period'),
  coupon_rate: Type.Number({ minimum: -1, maximum: 10, description: 'annual coupon rate as a decimal: 0.0425 is 4.25% (the loader warns about a value above 1: it looks like a percentage)' }),
  redemption: Type.Optional(Type.Number({ minimum: 0, description: 'redemption per 100 of face (default 100)' })),
}

const floating = {
  ...common,
  ...paymentAndExCoupon,
  coupon_frequency: PeriodText('coupon period'),
  floating_rate_index_uid: Type.String({
    format: 'uuid',
    description: "uid of the Ibor index of the coupons; it needs conventions, and the market-data set needs its `projection` and `discount` curve selections (there is no mono-curve fallback) and its fixings",
  }),
  spread: Type.Number({ minimum: -1, maximum: 10, description: 'spread over the index as a decimal: 0.0085 is 85 bp' }),
  fixing_days: Opt(Type.Integer({ minimum: 0, maximum: 30, description: "business days between fixing and accrual start (default: the index's)" })),
  gearings: Opt(Type.Array(Type.Number(), { minItems: 1, description: 'multiplier of the index per period (default 1)' })),
  spreads: Opt(Rates('spread per period, overriding spread')),
  caps: Opt(Rates('cap of the coupon rate per period')),
  floors: Opt(Rates('floor of the coupon rate per period')),
  in_arrears: Opt(Type.Boolean({ description: 'fix at the end of the period instead of the start' })),
  redemption: Type.Optional(Type.Number({ minimum: 0, description: 'redemption per 100 of face (default 100)' })),
}

const Callability = Type.Object(
  {
    date: IsoDay('exercise date'),
    type: Type.Enum(['Call', 'Put']),
    price: Type.Number({ exclusiveMinimum: 0, description: 'exercise price per 100 of notional' }),
    price_type: Type.Enum(['Clean', 'Dirty']),
  },
  { additionalProperties: false },
)

const FIXED_EXAMPLE = {
  face_value: 100, issue_date: '2021-11-15', maturity_date: '2031-11-15', coupon_frequency: '6M', coupon_rate: 0.0425, redemption: 100,
  day_count: 'ActualActual_Bond', calendar: { name: 'UnitedStates::GovernmentBond' }, business_day_convention: 'Following', settlement_days: 1, schedule: null,
  benchmark_rate_index_uid: '0d814198-7db4-530b-aad0-7148438ff9bb',
}
const FLOATING_EXAMPLE = {
  face_value: 100, issue_date: '2024-03-20', maturity_date: '2029-03-20', coupon_frequency: '3M', floating_rate_index_uid: 'e992839e-b2d4-52a5-a22c-593390feefa1', spread: 0.0085, fixing_days: 2,
  day_count: 'Actual360', calendar: { name: 'UnitedStates::Settlement' }, business_day_convention: 'ModifiedFollowing', settlement_days: 2, schedule: null, redemption: 100,
}

const strict = <T extends Record<string, TSchema>>(properties: T, title: string, description: string, example: Record<string, unknown>) =>
  Type.Object(properties, { additionalProperties: false, title, description, examples: [example] })

export const INSTRUMENT_TERMS = {
  FixedRateBond: strict(fixed, 'FixedRateBondTerms', 'A bullet bond with a fixed coupon, priced on the `discount` selection of benchmark_rate_index_uid (or a flat with_yield curve).', FIXED_EXAMPLE),
  CallableFixedRateBond: strict(
    { ...fixed, callability: Type.Array(Callability, { minItems: 1, description: 'call or put dates and prices' }) },
    'CallableFixedRateBondTerms',
    'A fixed-rate bond the issuer may call (or the holder put), priced on a Hull-White tree (a = 0.03, sigma = 0.01, 40 steps) over the discount curve.',
    { ...FIXED_EXAMPLE, day_count: 'Thirty360_BondBasis', issue_date: '2024-06-01', maturity_date: '2034-06-01', coupon_rate: 0.05, callability: [{ date: '2029-06-01', type: 'Call', price: 102, price_type: 'Clean' }] },
  ),
  AmortizingFixedRateBond: strict(
    { ...fixed, amortization: Amortization },
    'AmortizingFixedRateBondTerms',
    'A fixed-rate bond whose notional steps down per period (sinking fund, amortizing ABS).',
    { ...FIXED_EXAMPLE, issue_date: '2025-06-15', maturity_date: '2027-12-15', coupon_rate: 0.045, amortization: { notionals: [100, 100, 75, 50, 25], payment_lag: 0 } },
  ),
  ZeroCouponBond: strict(
    { ...common, payment_convention: Opt(Code('business-day convention of the redemption date (default: business_day_convention)')), redemption_pct: Type.Optional(Type.Number({ minimum: 0, description: 'redemption per 100 of face (default 100)' })) },
    'ZeroCouponBondTerms',
    'A discount bond paying redemption_pct at maturity; its yield compounds annually.',
    { face_value: 100, issue_date: '2021-02-15', maturity_date: '2036-02-15', redemption_pct: 100, day_count: 'ActualActual_Bond', calendar: { name: 'UnitedStates::GovernmentBond' }, settlement_days: 1, benchmark_rate_index_uid: '0d814198-7db4-530b-aad0-7148438ff9bb' },
  ),
  FloatingRateBond: strict(floating, 'FloatingRateBondTerms', 'A floating-rate note paying the index plus a spread, projected on the `projection` and discounted on the `discount` selection of floating_rate_index_uid.', FLOATING_EXAMPLE),
  AmortizingFloatingRateBond: strict(
    { ...floating, amortization: Amortization },
    'AmortizingFloatingRateBondTerms',
    'A floating-rate note whose notional steps down per period.',
    { ...FLOATING_EXAMPLE, issue_date: '2025-01-25', maturity_date: '2026-07-25', amortization: { notionals: [100, 100, 80, 60, 40, 20], payment_lag: 0 } },
  ),
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
