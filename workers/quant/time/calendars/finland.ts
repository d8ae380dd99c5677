/**
 * Finnish calendar (ql/time/calendars/finland.cpp, QuantLib 1.29): weekends; New Year's Day; Epiphany; Good
 * Friday; Easter Monday; Ascension Thursday; Labour Day; Midsummer Eve (the Friday from June 18th to 24th);
 * Independence Day (December 6th); Christmas Eve; Christmas; Boxing Day.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const FRI = 6

const finland = ruleCalendar('Finland', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 6 && m === 1) || // Epiphany
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    dd === em + 38 || // Ascension Thursday
    (d === 1 && m === 5) || // Labour Day
    (w === FRI && d >= 18 && d <= 24 && m === 6) || // Midsummer Eve
    (d === 6 && m === 12) || // Independence Day
    (d === 24 && m === 12) || // Christmas Eve
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // Boxing Day
  )
})

export const finlandCalendars: Readonly<CalendarFamily> = {
  country: 'Finland',
  markets: { '': finland },
  defaultMarket: '',
}
