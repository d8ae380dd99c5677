/** Schedule generation against QuantLib 1.29, every DateGeneration rule: dates and regularity flags exact, a typed
 * QuantInputError where QuantLib throws. */
import t from 'tap'
import { loadFixture } from '../../helpers/fixtures.ts'
import {
  DATE_GENERATION_RULES,
  makeSchedule,
  scheduleFromDates,
  type DateGenerationRule,
} from '../../../workers/quant/time/schedule.ts'
import { calendarFromTerms } from '../../../workers/quant/time/calendars/index.ts'
import { QuantInputError } from '../../../workers/quant/errors.ts'
import type { BusinessDayConvention } from '../../../workers/quant/time/business-day-convention.ts'
import type { TimeUnit } from '../../../workers/quant/time/period.ts'
import { target } from '../../../workers/quant/time/calendars/target.ts'

interface Case {
  effective: number
  termination: number
  tenor: [number, TimeUnit]
  calendar: { name: string }
  convention: BusinessDayConvention
  termination_convention: BusinessDayConvention
  rule: DateGenerationRule
  end_of_month: boolean
  first_date?: number
  next_to_last_date?: number
  /** the first date's serial, then the days from each date to the next */
  date_steps?: number[]
  is_regular?: boolean[]
  error?: string
}

const fixture = loadFixture<Case>('schedules')
// a rule needs this many generated schedules and QuantLib errors in the oracle, so no rule goes unchecked
const MIN_SCHEDULES_PER_RULE = 100
const MIN_ERRORS_PER_RULE = 10

const expectedDates = (steps: number[]) => steps.map((_, i) => steps.slice(0, i + 1).reduce((a, b) => a + b, 0))

t.test('schedules of every rule match QuantLib 1.29', async (t) => {
  const failures: string[] = []
  const schedules = new Map<DateGenerationRule, number>(DATE_GENERATION_RULES.map((r) => [r, 0]))
  const errors = new Map<DateGenerationRule, number>(DATE_GENERATION_RULES.map((r) => [r, 0]))
  for (const c of fixture.cases) {
    const run = () =>
      makeSchedule({
        effective: c.effective,
        termination: c.termination,
        tenor: { length: c.tenor[0], unit: c.tenor[1] },
        calendar: calendarFromTerms(c.calendar),
        convention: c.convention,
        terminationConvention: c.termination_convention,
        rule: c.rule,
        endOfMonth: c.end_of_month,
        firstDate: c.first_date,
        nextToLastDate: c.next_to_last_date,
      })
    if (c.error) {
      errors.set(c.rule, (errors.get(c.rule) ?? 0) + 1)
      try {
        const s = run()
        failures.push(`${JSON.stringify(c)}: QuantLib threw, we returned ${JSON.stringify(s.dates)}`)
      } catch (e) {
        if (!(e instanceof QuantInputError)) failures.push(`${JSON.stringify(c)}: untyped ${(e as Error).message}`)
      }
      continue
    }
    schedules.set(c.rule, (schedules.get(c.rule) ?? 0) + 1)
    try {
      const s = run()
      if (JSON.stringify(s.dates) !== JSON.stringify(expectedDates(c.date_steps ?? [])))
        failures.push(`${JSON.stringify(c)}: dates ${JSON.stringify(s.dates)}`)
      else if (JSON.stringify(s.isRegular) !== JSON.stringify(c.is_regular))
        failures.push(`${JSON.stringify(c)}: isRegular ${JSON.stringify(s.isRegular)}`)
    } catch (e) {
      failures.push(`${JSON.stringify(c)}: threw ${(e as Error).message}`)
    }
  }
  for (const rule of DATE_GENERATION_RULES) {
    t.ok((schedules.get(rule) ?? 0) >= MIN_SCHEDULES_PER_RULE, `${rule}: ${schedules.get(rule)} schedules`)
    t.ok((errors.get(rule) ?? 0) >= MIN_ERRORS_PER_RULE, `${rule}: ${errors.get(rule)} QuantLib errors`)
  }
  t.same(
    new Set(fixture.cases.map((c) => c.rule)),
    new Set(DATE_GENERATION_RULES),
    'the oracle draws exactly our rules',
  )
  t.same(failures.slice(0, 10), [], `${failures.length} failures of ${fixture.cases.length} cases`)
})

t.test('explicit dates are authoritative and checked', async (t) => {
  const s = scheduleFromDates([45000, 45100, 45300], { calendar: target })
  t.same(s.dates, [45000, 45100, 45300])
  t.same(s.isRegular, [])
  t.throws(() => scheduleFromDates([45000], { calendar: target }), { name: 'QuantInputError' })
  t.throws(() => scheduleFromDates([45000, 44000], { calendar: target }), {
    name: 'QuantInputError',
    field: 'schedule.dates[1]',
  })
})
