/**
 * Slovakia: Bratislava stock exchange calendar (ql/time/calendars/slovakia.cpp, QuantLib 1.29): weekends; New
 * Year's Day; Epiphany; Good Friday; Easter Monday; May Day; Liberation Day (May 8th); SS. Cyril and Methodius
 * (July 5th); Slovak National Uprising (August 29th); Constitution Day (September 1st); Our Lady of the Seven
 * Sorrows (September 15th); All Saints' Day; Freedom and Democracy Day (November 17th); December 24th-26th;
 * the exchange's closings of December 24th-31st in 2004 and 2005.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const bsse = ruleCalendar('Bratislava stock exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 6 && m === 1) || // Epiphany
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    (d === 1 && m === 5) || // May Day
    (d === 8 && m === 5) || // Liberation of the Republic
    (d === 5 && m === 7) || // SS. Cyril and Methodius
    (d === 29 && m === 8) || // Slovak National Uprising
    (d === 1 && m === 9) || // Constitution of the Slovak Republic
    (d === 15 && m === 9) || // Our Lady of the Seven Sorrows
    (d === 1 && m === 11) || // All Saints' Day
    (d === 17 && m === 11) || // Freedom and Democracy of the Slovak Republic
    (d >= 24 && d <= 26 && m === 12) || // Christmas Eve, Christmas, St. Stephen
    (d >= 24 && m === 12 && (y === 2004 || y === 2005)) // exchange closed over the year end
  )
})

export const slovakiaCalendars: Readonly<CalendarFamily> = {
  country: 'Slovakia',
  markets: { BSSE: bsse },
  defaultMarket: 'BSSE',
}
