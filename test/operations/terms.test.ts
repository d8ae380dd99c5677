/**
 * Real-bond terms as the loader and the rebuild read them (design §4.1): the two schedule forms and what each refuses,
 * regularity of explicit dates, step-ups and a first-period day count, Business252's calendar, and the loader's
 * warning about a null schedule generated Forward.
 */
import t from 'tap'
import {
  rebuildFixedRateBond,
  scheduleWarnings,
  validateBondTerms,
} from '../../workers/operations/rebuild-instrument.ts'
import { amountOf, isCoupon, type FixedRateCoupon } from '../../workers/quant/cashflows/cash-flow.ts'
import { toIso } from '../../workers/quant/time/date.ts'

const bond = (extra: Record<string, unknown>) => ({
  face_value: 100,
  issue_date: '2024-02-29',
  maturity_date: '2029-08-31',
  coupon_frequency: '6M',
  coupon_rate: 0.025,
  day_count: 'ActualActual_ISMA',
  calendar: { name: 'UnitedStates::GovernmentBond' },
  business_day_convention: 'Following',
  settlement_days: 1,
  ...extra,
})
const coupons = (terms: Record<string, unknown>) =>
  rebuildFixedRateBond('FixedRateBond', terms).cashflows.filter(isCoupon) as FixedRateCoupon[]

t.test('a month-end Treasury generated Backward with end of month accrues from month ends', async (t) => {
  // coupon dates unadjusted, payments on the next business day (a US Treasury)
  const c = coupons(
    bond({
      business_day_convention: 'Unadjusted',
      payment_convention: 'Following',
      schedule: { rule: 'Backward', end_of_month: true },
    }),
  )
  t.same(
    c.slice(0, 3).map((x) => toIso(x.accrualEnd)),
    ['2024-08-31', '2025-02-28', '2025-08-31'],
    'month ends, not the 29th',
  )
  t.equal(toIso(c[0].date), '2024-09-03', 'paid on the next business day')
  t.ok(
    c.every((x) => Math.abs(amountOf(x) - 1.25) < 1e-12),
    'every coupon is a regular half of 2.5%',
  )
  const forward = coupons(bond({ schedule: null }))
  t.equal(
    toIso(forward[0].accrualEnd),
    '2024-08-29',
    'schedule: null stays Forward from issue without end of month (as stored terms always did)',
  )
})

t.test('a long first coupon: first_date, accrued on its reference periods under ACT/ACT ICMA', async (t) => {
  const c = coupons(
    bond({
      issue_date: '2024-01-10',
      maturity_date: '2030-07-15',
      coupon_frequency: '1Y',
      coupon_rate: 0.02,
      day_count: 'ActualActual_ISMA',
      calendar: { name: 'TARGET' },
      schedule: { rule: 'Backward', first_date: '2025-07-15' },
    }),
  )
  t.equal(toIso(c[0].accrualEnd), '2025-07-15')
  t.ok(amountOf(c[0]) > 2.9 && amountOf(c[0]) < 3.1, `the long first coupon ${amountOf(c[0])} is about 1.5 years of 2%`)
  t.ok(Math.abs(amountOf(c[1]) - 2) < 1e-12, 'then regular coupons')
})

t.test(
  'explicit dates: regular unless is_regular or a tenor says otherwise; stored terms with end_of_month keep their ' +
    'tenor',
  async (t) => {
    const dates = ['2024-01-15', '2024-07-15', '2025-01-15', '2025-07-16']
    const plain = coupons(bond({ issue_date: '2024-01-15', maturity_date: '2025-07-16', schedule: { dates } }))
    t.ok(
      plain.every((x) => Math.abs(amountOf(x) - 1.25) < 1e-12),
      "no tenor, no flags: every period regular, as QuantLib's Schedule(dates)",
    )
    const tenor = coupons(
      bond({ issue_date: '2024-01-15', maturity_date: '2025-07-16', schedule: { dates, tenor: '6M' } }),
    )
    t.ok(
      amountOf(tenor[2]) > 1.25,
      "with a tenor the last period is irregular unless flagged (QuantLib's FixedRateLeg)",
    )
    const flagged = coupons(
      bond({
        issue_date: '2024-01-15',
        maturity_date: '2025-07-16',
        schedule: { dates, tenor: '6M', is_regular: [true, true, true] },
      }),
    )
    t.ok(Math.abs(amountOf(flagged[2]) - 1.25) < 1e-12, 'is_regular is authoritative')
    const legacy = coupons(
      bond({ issue_date: '2024-01-15', maturity_date: '2025-07-16', schedule: { dates, end_of_month: false } }),
    )
    t.equal(
      amountOf(legacy[2]),
      amountOf(tenor[2]),
      'end_of_month without a tenor: coupon_frequency is the tenor, as before',
    )
  },
)

t.test('step-ups and a first-period day count', async (t) => {
  const c = coupons(
    bond({
      issue_date: '2024-03-15',
      maturity_date: '2027-03-15',
      day_count: 'Thirty360_BondBasis',
      schedule: { rule: 'Backward' },
      coupon_rate: [0.02, 0.03, 0.04],
    }),
  )
  t.same(
    c.map((x) => x.rate),
    [0.02, 0.03, 0.04, 0.04, 0.04, 0.04],
    'one rate per period, the last repeated',
  )
  const first = coupons(
    bond({
      issue_date: '2024-01-10',
      maturity_date: '2027-03-15',
      day_count: 'Thirty360_BondBasis',
      schedule: { rule: 'Backward' },
      first_period_day_count: 'Actual365Fixed',
    }),
  )
  t.equal(first[0].dayCounter.name, 'Actual/365 (Fixed)')
  t.equal(first[1].dayCounter.name, '30/360 (Bond Basis)')
})

t.test('what a schedule refuses names the field and the fix', async (t) => {
  const refused = (schedule: unknown) => {
    try {
      validateBondTerms('FixedRateBond', bond({ schedule }))
      return null
    } catch (e) {
      return { field: (e as { field?: string }).field, message: (e as Error).message }
    }
  }
  t.match(refused({ end_of_month: true }), {
    field: 'terms.schedule.rule',
    message: /a generated schedule needs a rule/,
  })
  t.match(refused({ rule: 'Sideways' }), {
    field: 'terms.schedule.rule',
    message: /not a DateGeneration rule of QuantLib 1.29/,
  })
  t.match(refused({ rule: 'Backward', is_regular: [true] }), {
    field: 'terms.schedule.is_regular',
    message: /only an explicit schedule/,
  })
  t.match(refused({ dates: ['2024-02-29', '2029-08-31'], first_date: '2024-08-31' }), {
    field: 'terms.schedule.first_date',
    message: /only a generated schedule/,
  })
  t.match(refused({ dates: ['2024-02-29', '2025-02-28', '2029-08-31'], is_regular: [true] }), {
    field: 'terms.schedule.is_regular',
    message: /one flag per period required \(2 periods, 1 flags\)/,
  })
  t.match(refused({ rule: 'Zero', end_of_month: true }), { field: 'schedule.end_of_month' })
  t.equal(refused({ rule: 'CDS2015', tenor: '3M' }), null, 'every rule of QuantLib 1.29')
  t.match(
    (() => {
      try {
        validateBondTerms('FixedRateBond', bond({ day_count: 'Business252', calendar: { name: 'Brazil' } }))
        return 'ok'
      } catch (e) {
        return (e as Error).message
      }
    })(),
    'ok',
    "Business252 on the bond's calendar by default",
  )
})

t.test('the loader warns when schedule: null makes an irregular period that Backward would not', async (t) => {
  const warned = scheduleWarnings('FixedRateBond', bond({ schedule: null }))
  t.match(warned, [
    {
      field: 'schedule',
      message:
        /generated Forward from issue_date, which makes the period 2029-08-29 to 2029-08-31 irregular; a schedule rolled Backward from maturity_date would not have it/,
    },
  ])
  t.same(
    scheduleWarnings('FixedRateBond', bond({ schedule: { rule: 'Backward', end_of_month: true } })),
    [],
    'not for a stored schedule',
  )
  t.same(
    scheduleWarnings('FixedRateBond', bond({ issue_date: '2024-08-31', maturity_date: '2029-08-31', schedule: null })),
    [],
    'nor when Forward is regular',
  )
})

t.test('the terms contract lists the rules the core generates', async (t) => {
  const { DATE_GENERATION_RULES: contract } = await import('../../src/contracts/instrument-terms.ts')
  const { DATE_GENERATION_RULES: core } = await import('../../workers/quant/time/schedule.ts')
  t.same([...contract], [...core])
})
