/** Schedule generation against QuantLib 1.29: dates exact, regularity flags exact, errors where QuantLib throws. */
import t from 'tap'
import { loadFixture } from '../../helpers/fixtures.ts'
import { makeSchedule, scheduleFromDates, type DateGenerationRule } from '../../../workers/quant/time/schedule.ts'
import { calendarFromTerms } from '../../../workers/quant/time/calendars/index.ts'
import type { BusinessDayConvention } from '../../../workers/quant/time/business-day-convention.ts'
import type { TimeUnit } from '../../../workers/quant/time/period.ts'
import { target } from '../../../workers/quant/time/calendars/target.ts'

interface Case {
  effective: number; termination: number; tenor: [number, TimeUnit]; calendar: { name: string }; convention: BusinessDayConvention
  termination_convention: BusinessDayConvention; rule: DateGenerationRule; end_of_month: boolean; first_date?: number; next_to_last_date?: number
  dates?: number[]; is_regular?: boolean[]; error?: string
}

const fixture = loadFixture<Case>('schedules')

t.test('random schedules', async (t) => {
  const failures: string[] = []
  let thrown = 0
  for (const c of fixture.cases) {
    const run = () => makeSchedule({
      effective: c.effective, termination: c.termination, tenor: { length: c.tenor[0], unit: c.tenor[1] }, calendar: calendarFromTerms(c.calendar),
      convention: c.convention, terminationConvention: c.termination_convention, rule: c.rule, endOfMonth: c.end_of_month,
      firstDate: c.first_date, nextToLastDate: c.next_to_last_date,
    })
    if (c.error) {
      thrown++
      try {
        const s = run()
        failures.push(`${JSON.stringify(c)}: QuantLib threw, we returned ${JSON.stringify(s.dates)}`)
      } catch (e) {
        if ((e as Error).name !== 'QuantInputError') failures.push(`${JSON.stringify(c)}: untyped ${(e as Error).message}`)
      }
      continue
    }
    try {
      const s = run()
      if (JSON.stringify(s.dates) !== JSON.stringify(c.dates)) failures.push(`${JSON.stringify(c)}: dates ${JSON.stringify(s.dates)}`)
      else if (JSON.stringify(s.isRegular) !== JSON.stringify(c.is_regular)) failures.push(`${JSON.stringify(c)}: isRegular ${JSON.stringify(s.isRegular)}`)
    } catch (e) {
      failures.push(`${JSON.stringify(c)}: threw ${(e as Error).message}`)
    }
  }
  t.ok(fixture.cases.length >= 3000, `${fixture.cases.length} schedules, ${thrown} invalid`)
  t.same(failures.slice(0, 10), [], `${failures.length} failures`)
})

t.test('explicit dates are authoritative and checked', async (t) => {
  const s = scheduleFromDates([45000, 45100, 45300], { calendar: target })
  t.same(s.dates, [45000, 45100, 45300])
  t.same(s.isRegular, [])
  t.throws(() => scheduleFromDates([45000], { calendar: target }), { name: 'QuantInputError' })
  t.throws(() => scheduleFromDates([45000, 44000], { calendar: target }), { name: 'QuantInputError', field: 'schedule.dates[1]' })
})
