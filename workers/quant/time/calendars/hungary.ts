/**
 * Hungary calendar (ql/time/calendars/hungary.cpp, QuantLib 1.29): weekends; New Year's Day; National Day
 * (March 15th); Good Friday (since 2017); Easter Monday; Labour Day; Whit Monday; Constitution Day (August
 * 20th); Republic Day (October 23rd); All Saints' Day; Christmas and December 26th.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const hungary = ruleCalendar('Hungary', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 15 && m === 3) || // National Day
    (dd === em - 3 && y >= 2017) || // Good Friday, a holiday since 2017
    dd === em || // Easter Monday
    (d === 1 && m === 5) || // Labour Day
    dd === em + 49 || // Whit Monday
    (d === 20 && m === 8) || // Constitution Day
    (d === 23 && m === 10) || // Republic Day
    (d === 1 && m === 11) || // All Saints' Day
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // second day of Christmas
  )
})

export const hungaryCalendars: Readonly<CalendarFamily> = {
  country: 'Hungary',
  markets: { '': hungary },
  defaultMarket: '',
}
