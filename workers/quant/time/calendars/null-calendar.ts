/** NullCalendar (ql/time/calendars/nullcalendar.hpp): every day is a business day, there are no weekends. */
import type { Calendar, CalendarFamily } from '../calendar.ts'

export const nullCalendar: Calendar = Object.freeze({ name: 'Null', isBusinessDay: () => true, isWeekend: () => false })

export const nullCalendars: Readonly<CalendarFamily> = {
  country: 'NullCalendar',
  markets: { '': nullCalendar },
  defaultMarket: '',
  aliases: { Null: '' },
}
