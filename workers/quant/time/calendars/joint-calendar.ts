/**
 * JointCalendar (ql/time/calendars/jointcalendar.hpp): JoinHolidays makes a date a holiday when it is one in
 * any calendar; JoinBusinessDays makes it a business day when it is one in any calendar.
 */
import type { Calendar } from '../calendar.ts'
import { memoizedCalendar } from '../calendar.ts'

export type JointCalendarRule = 'JoinHolidays' | 'JoinBusinessDays'

export function jointCalendar(calendars: readonly Calendar[], rule: JointCalendarRule = 'JoinHolidays'): Calendar {
  const name = `${rule}(${calendars.map((c) => c.name).join(', ')})`
  if (rule === 'JoinHolidays') {
    return memoizedCalendar(name, (d) => calendars.every((c) => c.isBusinessDay(d)), (w) => calendars.some((c) => c.isWeekend(w)))
  }
  return memoizedCalendar(name, (d) => calendars.some((c) => c.isBusinessDay(d)), (w) => calendars.every((c) => c.isWeekend(w)))
}
