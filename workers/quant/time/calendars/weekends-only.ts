/** WeekendsOnly (ql/time/calendars/weekendsonly.hpp): Saturdays and Sundays are the only holidays. */
import { isWesternWeekend, memoizedCalendar, type CalendarFamily } from '../calendar.ts'
import { weekday } from '../date.ts'

export const weekendsOnly = memoizedCalendar('weekends only', (serial) => !isWesternWeekend(weekday(serial)))

export const weekendsOnlyCalendars: CalendarFamily = { country: 'WeekendsOnly', markets: { '': weekendsOnly }, defaultMarket: '' }
