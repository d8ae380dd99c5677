/**
 * Poland calendar (ql/time/calendars/poland.cpp, QuantLib 1.29): weekends; New Year's Day; Epiphany (January
 * 6th, since 2011); Easter Monday; May Day; Constitution Day (May 3rd); Corpus Christi; Assumption (August
 * 15th); All Saints' Day (November 1st); Independence Day (November 11th); Christmas and December 26th.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const poland = ruleCalendar('Poland', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 6 && m === 1 && y >= 2011) || // Epiphany, restored in 2011
    dd === em || // Easter Monday
    (d === 1 && m === 5) || // May Day
    (d === 3 && m === 5) || // Constitution Day
    dd === em + 59 || // Corpus Christi
    (d === 15 && m === 8) || // Assumption of the Blessed Virgin Mary
    (d === 1 && m === 11) || // All Saints' Day
    (d === 11 && m === 11) || // Independence Day
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // second day of Christmas
  )
})

export const polandCalendars: Readonly<CalendarFamily> = {
  country: 'Poland',
  markets: { '': poland },
  defaultMarket: '',
}
