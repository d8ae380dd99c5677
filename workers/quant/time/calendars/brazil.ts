/**
 * Brazil calendars (ql/time/calendars/brazil.cpp, QuantLib 1.29).
 *
 * Settlement: weekends; New Year's Day; Tiradentes (April 21st); Labour Day (May 1st); Independence Day
 * (September 7th); Our Lady of Aparecida (October 12th); All Souls' Day (November 2nd); Republic Day (November
 * 15th); Christmas; Carnival (Monday and Tuesday before Ash Wednesday); Good Friday; Corpus Christi.
 * Exchange (BOVESPA): Settlement's holidays plus São Paulo's anniversary (January 25th), the Constitutionalist
 * Revolution (July 9th), Black Consciousness Day (November 20th, since 2007), Christmas Eve and the last business
 * day of the year (December 31st, or the Friday before it when it falls on a weekend).
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily, type DateParts } from '../calendar.ts'

const FRI = 6

/** the holidays both markets keep */
function nationalHoliday({ d, m, y, dd }: DateParts): boolean {
  const em = easterMonday(y)
  return (
    (d === 1 && m === 1) || // New Year's Day
    (d === 21 && m === 4) || // Tiradentes
    (d === 1 && m === 5) || // Labour Day
    (d === 7 && m === 9) || // Independence Day
    (d === 12 && m === 10) || // Our Lady of Aparecida
    (d === 2 && m === 11) || // All Souls' Day
    (d === 15 && m === 11) || // Republic Day
    (d === 25 && m === 12) || // Christmas
    dd === em - 3 || // Good Friday
    dd === em - 49 ||
    dd === em - 48 || // Carnival Monday and Tuesday
    dd === em + 59 // Corpus Christi
  )
}

function settlement(serial: number): boolean {
  const p = dateParts(serial)
  return !(p.w === 1 || p.w === 7 || nationalHoliday(p))
}

function exchange(serial: number): boolean {
  const p = dateParts(serial)
  const { d, m, y, w } = p
  return !(
    w === 1 ||
    w === 7 ||
    nationalHoliday(p) ||
    (d === 25 && m === 1) || // São Paulo's anniversary
    (d === 9 && m === 7) || // Constitutionalist Revolution
    (d === 20 && m === 11 && y >= 2007) || // Black Consciousness Day
    (d === 24 && m === 12) || // Christmas Eve
    (m === 12 && (d === 31 || (d >= 29 && w === FRI))) // last business day of the year
  )
}

export const brazilCalendars: Readonly<CalendarFamily> = {
  country: 'Brazil',
  markets: {
    Settlement: ruleCalendar('Brazil', settlement),
    Exchange: ruleCalendar('BOVESPA', exchange),
  },
  defaultMarket: 'Settlement',
}
