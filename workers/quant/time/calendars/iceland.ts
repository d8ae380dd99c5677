/**
 * Iceland stock exchange calendar (ql/time/calendars/iceland.cpp, QuantLib 1.29; its only market is ICEX):
 * weekends; New Year's Day; Holy Thursday; Good Friday; Easter Monday; First Day of Summer (the Thursday from
 * April 19th to 25th); Ascension Thursday; Whit Monday; Labour Day; Independence Day (June 17th); Commerce Day
 * (first Monday of August); Christmas; Boxing Day.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2
const THU = 5

const icex = ruleCalendar('Iceland stock exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    dd === em - 4 || // Holy Thursday
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    (w === THU && d >= 19 && d <= 25 && m === 4) || // First Day of Summer
    dd === em + 38 || // Ascension Thursday
    dd === em + 49 || // Whit Monday
    (d === 1 && m === 5) || // Labour Day
    (d === 17 && m === 6) || // Independence Day
    (w === MON && d <= 7 && m === 8) || // Commerce Day
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // Boxing Day
  )
})

export const icelandCalendars: Readonly<CalendarFamily> = {
  country: 'Iceland',
  markets: { ICEX: icex },
  defaultMarket: 'ICEX',
}
