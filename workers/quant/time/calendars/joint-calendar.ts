/**
 * JointCalendar (ql/time/calendars/jointcalendar.hpp): JoinHolidays makes a date a holiday when it is one in
 * any calendar; JoinBusinessDays makes it a business day when it is one in any calendar. It asks its members on
 * each call and remembers nothing (calendarFromTerms with a TimeWorkspace gives a remembering one).
 */
import type { Calendar } from '../calendar.ts'
import { ruleCalendar } from '../calendar.ts'

export type JointCalendarRule = 'JoinHolidays' | 'JoinBusinessDays'

export function jointCalendar(calendars: readonly Calendar[], rule: JointCalendarRule = 'JoinHolidays'): Calendar {
  const name = `${rule}(${calendars.map((c) => c.name).join(', ')})`
  if (rule === 'JoinHolidays') {
    return ruleCalendar(
      name,
      (d) => calendars.every((c) => c.isBusinessDay(d)),
      (w) => calendars.some((c) => c.isWeekend(w)),
    )
  }
  return ruleCalendar(
    name,
    (d) => calendars.some((c) => c.isBusinessDay(d)),
    (w) => calendars.every((c) => c.isWeekend(w)),
  )
}
