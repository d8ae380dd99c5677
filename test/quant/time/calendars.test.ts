/**
 * Calendars against QuantLib 1.29: every business day from 1901 to 2199 of every calendar QuantLib 1.29 has (its
 * weekend, its name, the years it refuses), two joint calendars' holidays, and adjust/advance/businessDaysBetween.
 */
import t from 'tap'
import { loadFixture } from '../../helpers/fixtures.ts'
import { calendarFromTerms, type CalendarTerms } from '../../../workers/quant/time/calendars/index.ts'
import { adjust, advance, businessDaysBetween } from '../../../workers/quant/time/calendar.ts'
import { MAX_SERIAL, MIN_SERIAL, toIso, weekday } from '../../../workers/quant/time/date.ts'
import type { BusinessDayConvention } from '../../../workers/quant/time/business-day-convention.ts'
import type { TimeUnit } from '../../../workers/quant/time/period.ts'

type Case =
  | {
      kind: 'days'
      calendar: CalendarTerms
      ql_name: string
      weekend: number[]
      holiday_deltas: number[]
      weekend_business_deltas: number[]
      throws: [number, number][]
    }
  | { kind: 'holidays'; calendar: CalendarTerms; ql_name: string; from: number; to: number; deltas: number[] }
  | { kind: 'adjust'; calendar: CalendarTerms; date: number; convention: BusinessDayConvention; expected: number }
  | {
      kind: 'advance'
      calendar: CalendarTerms
      date: number
      n: number
      unit: TimeUnit
      convention: BusinessDayConvention
      end_of_month: boolean
      expected: number
    }
  | {
      kind: 'between'
      calendar: CalendarTerms
      from: number
      to: number
      include_first: boolean
      include_last: boolean
      expected: number
    }

const fixture = loadFixture<Case>('calendars')

const undelta = (deltas: number[]) => {
  const out = new Set<number>()
  let acc = 0
  for (const delta of deltas) out.add((acc += delta))
  return out
}

t.test('every business day from 1901 to 2199 of every QuantLib 1.29 calendar', async (t) => {
  const dayCases = fixture.cases.filter((c) => c.kind === 'days')
  t.equal(dayCases.length, 66, 'every class and market of QuantLib 1.29')
  for (const c of dayCases) {
    t.test(c.calendar.name, async (t) => {
      const cal = calendarFromTerms(c.calendar)
      t.equal(cal.name, c.ql_name, 'QuantLib name')
      t.same(
        [1, 2, 3, 4, 5, 6, 7].filter((w) => cal.isWeekend(w)),
        c.weekend,
        'weekend',
      )
      const holidays = undelta(c.holiday_deltas)
      const weekendBusiness = undelta(c.weekend_business_deltas)
      const throws = (d: number) => c.throws.some(([a, b]) => d >= a && d <= b)
      const wrong: string[] = []
      for (let d = MIN_SERIAL; d <= MAX_SERIAL && wrong.length < 20; d++) {
        if (throws(d)) {
          let failed = false
          try {
            cal.isBusinessDay(d)
          } catch {
            failed = true
          }
          if (!failed) wrong.push(`${toIso(d)} is not refused`)
          continue
        }
        const expected = cal.isWeekend(weekday(d)) ? weekendBusiness.has(d) : !holidays.has(d)
        let got: boolean | string
        try {
          got = cal.isBusinessDay(d)
        } catch (e) {
          got = (e as Error).message
        }
        if (got !== expected)
          wrong.push(`${toIso(d)} ${expected ? 'is a business day' : 'is a holiday'}: got ${String(got)}`)
      }
      t.same(wrong, [], `${holidays.size} weekday holidays, ${weekendBusiness.size} weekend business days`)
    })
  }
})

t.test('joint calendars: every holiday from 1990 to 2080', async (t) => {
  const holidayCases = fixture.cases.filter((c) => c.kind === 'holidays')
  t.equal(holidayCases.length, 2, 'two joint calendars')
  for (const c of holidayCases) {
    const cal = calendarFromTerms(c.calendar)
    const expected = undelta(c.deltas)
    const wrong: string[] = []
    for (let d = c.from; d <= c.to; d++) {
      if (cal.isWeekend(weekday(d))) continue
      if (cal.isBusinessDay(d) === expected.has(d))
        wrong.push(`${toIso(d)} ${expected.has(d) ? 'is a holiday' : 'is a business day'}`)
    }
    t.same(wrong, [], `${JSON.stringify(c.calendar)}: ${expected.size} holidays`)
  }
})

t.test('adjust, advance and businessDaysBetween', async (t) => {
  let n = 0
  const failures: string[] = []
  for (const c of fixture.cases) {
    if (c.kind === 'holidays' || c.kind === 'days') continue
    const cal = calendarFromTerms(c.calendar)
    let got: number
    if (c.kind === 'adjust') got = adjust(cal, c.date, c.convention)
    else if (c.kind === 'advance') got = advance(cal, c.date, c.n, c.unit, c.convention, c.end_of_month)
    else got = businessDaysBetween(cal, c.from, c.to, c.include_first, c.include_last)
    n++
    if (got !== c.expected) failures.push(`${JSON.stringify(c)} got ${got}`)
  }
  t.ok(n > 6000, `${n} cases`)
  t.same(failures.slice(0, 20), [], `${failures.length} failures`)
})

t.test('unknown calendars are typed errors naming the field', async (t) => {
  t.throws(() => calendarFromTerms({ name: 'Atlantis' }), {
    name: 'QuantInputError',
    field: 'calendar',
    message: /unknown calendar 'Atlantis'/,
  })
  t.throws(() => calendarFromTerms({ name: 'JointCalendar', calendars: [{ name: 'TARGET' }] }), {
    name: 'QuantInputError',
  })
  t.throws(
    () => calendarFromTerms({ name: 'JointCalendar', calendars: [{ name: 'TARGET' }, { name: 'UK' }], rule: 'Both' }),
    { name: 'QuantInputError', field: 'calendar.rule' },
  )
  // stored terms are JSON: shapes that are not a calendar are input errors, never TypeErrors
  const shaped = (terms: unknown) => () => calendarFromTerms(terms as CalendarTerms)
  t.throws(shaped({}), { name: 'QuantInputError', field: 'calendar.name' })
  t.throws(shaped({ name: 7 }), { name: 'QuantInputError', field: 'calendar.name' })
  t.throws(shaped('TARGET'), { name: 'QuantInputError', field: 'calendar' })
  t.throws(shaped(null), { name: 'QuantInputError', field: 'calendar' })
  t.throws(shaped({ name: 'UnitedStates', market: {} }), { name: 'QuantInputError', field: 'calendar.market' })
  t.throws(shaped({ name: 'JointCalendar', calendars: 'TARGET,UK' }), {
    name: 'QuantInputError',
    field: 'calendar.calendars',
  })
  t.throws(shaped({ name: 'JointCalendar', calendars: [{ name: 'TARGET' }, {}] }), {
    name: 'QuantInputError',
    field: 'calendar.calendars[1].name',
  })
  t.equal(calendarFromTerms({ name: 'United States GovernmentBond' }).name, 'US government bond market')
  t.equal(calendarFromTerms({ name: 'UnitedStates', market: 'NYSE' }).name, 'New York stock exchange')
})
