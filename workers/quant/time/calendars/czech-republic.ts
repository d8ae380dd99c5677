/**
 * Czech Republic: Prague stock exchange calendar (ql/time/calendars/czechrepublic.cpp, QuantLib 1.29): weekends;
 * New Year's Day; Good Friday (since 2016); Easter Monday; Labour Day; Liberation Day (May 8th); SS. Cyril and
 * Methodius (July 5th); Jan Hus Day (July 6th); Statehood Day (September 28th); Independence Day (October
 * 28th); Struggle for Freedom and Democracy Day (November 17th); December 24th-26th; the exchange's closings of
 * January 2nd and December 31st, 2004.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const pse = ruleCalendar('Prague stock exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (dd === em - 3 && y >= 2016) || // Good Friday, a holiday since 2016
    dd === em || // Easter Monday
    (d === 1 && m === 5) || // Labour Day
    (d === 8 && m === 5) || // Liberation Day
    (d === 5 && m === 7) || // SS. Cyril and Methodius
    (d === 6 && m === 7) || // Jan Hus Day
    (d === 28 && m === 9) || // Czech Statehood Day
    (d === 28 && m === 10) || // Independence Day
    (d === 17 && m === 11) || // Struggle for Freedom and Democracy Day
    (d >= 24 && d <= 26 && m === 12) || // Christmas Eve, Christmas, St. Stephen
    (y === 2004 && ((d === 2 && m === 1) || (d === 31 && m === 12))) // exchange closings in 2004
  )
})

export const czechRepublicCalendars: Readonly<CalendarFamily> = {
  country: 'CzechRepublic',
  markets: { PSE: pse },
  defaultMarket: 'PSE',
}
