/** WeekendsOnly (ql/time/calendars/weekendsonly.hpp): Saturdays and Sundays are the only holidays. */
import { isWesternWeekend, ruleCalendar, type CalendarFamily } from '../calendar.ts'
import { weekday } from '../date.ts'

export const weekendsOnly = ruleCalendar('weekends only', (serial) => !isWesternWeekend(weekday(serial)))

export const weekendsOnlyCalendars: Readonly<CalendarFamily> = {
  country: 'WeekendsOnly',
  markets: { '': weekendsOnly },
  defaultMarket: '',
}
