/**
 * TARGET calendar (ql/time/calendars/target.cpp), the settlement calendar of the euro.
 *
 * Holidays: Saturdays and Sundays; New Year's Day; Good Friday (since 2000); Easter Monday (since 2000);
 * Labour Day, May 1st (since 2000); Christmas Day; Day of Goodwill, December 26th (since 2000);
 * December 31st (1998, 1999 and 2001 only). Tested against every QuantLib 1.29 holiday from 1990 to 2080.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

export const target = ruleCalendar('TARGET', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (dd === em - 3 && y >= 2000) || // Good Friday
    (dd === em && y >= 2000) || // Easter Monday
    (d === 1 && m === 5 && y >= 2000) || // Labour Day
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12 && y >= 2000) || // Day of Goodwill
    (d === 31 && m === 12 && (y === 1998 || y === 1999 || y === 2001)) // December 31st, 1998, 1999, 2001
  )
})

export const targetCalendars: Readonly<CalendarFamily> = {
  country: 'TARGET',
  markets: { '': target },
  defaultMarket: '',
  aliases: { TARGET2: '', Euro: '' },
}
