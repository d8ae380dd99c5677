/**
 * Buenos Aires stock exchange (Merval) calendar (ql/time/calendars/argentina.cpp, QuantLib 1.29): weekends; New
 * Year's Day; Holy Thursday; Good Friday; Labour Day (May 1st); May Revolution (May 25th); Flag Day (third Monday
 * of June); Independence Day (July 9th); San Martín's Day (third Monday of August); Columbus Day (the Monday of
 * October 10th-12th, 15th or 16th); Immaculate Conception (December 8th); Christmas Eve; the last business day of
 * the year (December 31st, or Friday 30th when the 31st is a Saturday). Christmas itself is not in QuantLib's
 * list.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2
const FRI = 6

const merval = ruleCalendar('Buenos Aires stock exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    dd === em - 4 || // Holy Thursday
    dd === em - 3 || // Good Friday
    (d === 1 && m === 5) || // Labour Day
    (d === 25 && m === 5) || // May Revolution
    (d >= 15 && d <= 21 && w === MON && m === 6) || // Flag Day
    (d === 9 && m === 7) || // Independence Day
    (d >= 15 && d <= 21 && w === MON && m === 8) || // San Martín's Day
    ((d === 10 || d === 11 || d === 12 || d === 15 || d === 16) && w === MON && m === 10) || // Columbus Day
    (d === 8 && m === 12) || // Immaculate Conception
    (d === 24 && m === 12) || // Christmas Eve
    ((d === 31 || (d === 30 && w === FRI)) && m === 12) // last business day of the year
  )
})

export const argentinaCalendars: Readonly<CalendarFamily> = {
  country: 'Argentina',
  markets: { Merval: merval },
  defaultMarket: 'Merval',
}
