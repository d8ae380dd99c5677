/**
 * French calendars (ql/time/calendars/france.cpp, QuantLib 1.29).
 *
 * Settlement: weekends; New Year's Day; Easter Monday; Labour Day; Victory in Europe Day (May 8th); Ascension
 * and Whit Monday, both on the fixed dates QuantLib uses (May 10th and May 21st, every year); Bastille Day
 * (July 14th); Assumption (August 15th); All Saints' Day; Armistice Day (November 11th); Christmas.
 *
 * Exchange (Paris stock exchange): weekends; New Year's Day; Good Friday; Easter Monday; Labour Day; Christmas
 * Eve; Christmas; Boxing Day; New Year's Eve.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const settlement = ruleCalendar('French settlement', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    dd === easterMonday(y) || // Easter Monday
    (d === 1 && m === 5) || // Labour Day
    (d === 8 && m === 5) || // Victory in Europe Day
    (d === 10 && m === 5) || // Ascension, on QuantLib's fixed date
    (d === 21 && m === 5) || // Whit Monday, on QuantLib's fixed date
    (d === 14 && m === 7) || // Bastille Day
    (d === 15 && m === 8) || // Assumption
    (d === 1 && m === 11) || // All Saints' Day
    (d === 11 && m === 11) || // Armistice Day
    (d === 25 && m === 12) // Christmas
  )
})

const exchange = ruleCalendar('Paris stock exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    (d === 1 && m === 5) || // Labour Day
    (d === 24 && m === 12) || // Christmas Eve
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) || // Boxing Day
    (d === 31 && m === 12) // New Year's Eve
  )
})

export const franceCalendars: Readonly<CalendarFamily> = {
  country: 'France',
  markets: { Settlement: settlement, Exchange: exchange },
  defaultMarket: 'Settlement',
}
