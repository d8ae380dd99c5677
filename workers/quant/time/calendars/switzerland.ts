/**
 * Swiss calendar (ql/time/calendars/switzerland.cpp, QuantLib 1.29): weekends; New Year's Day; Berchtoldstag
 * (January 2nd); Good Friday; Easter Monday; Ascension Day; Whit Monday; Labour Day; National Day (August 1st);
 * Christmas; St. Stephen's Day.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const switzerland = ruleCalendar('Switzerland', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 2 && m === 1) || // Berchtoldstag
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    dd === em + 38 || // Ascension Day
    dd === em + 49 || // Whit Monday
    (d === 1 && m === 5) || // Labour Day
    (d === 1 && m === 8) || // National Day
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // St. Stephen's Day
  )
})

export const switzerlandCalendars: Readonly<CalendarFamily> = {
  country: 'Switzerland',
  markets: { '': switzerland },
  defaultMarket: '',
}
