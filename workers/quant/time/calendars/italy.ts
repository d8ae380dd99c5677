/**
 * Italian calendars (ql/time/calendars/italy.cpp, QuantLib 1.29).
 *
 * Settlement: weekends; New Year's Day; Epiphany; Easter Monday; Liberation Day (April 25th); Labour Day;
 * Republic Day (June 2nd, since 2000); Assumption (August 15th); All Saints' Day; Immaculate Conception
 * (December 8th); Christmas; St. Stephen's Day; December 31st, 1999.
 *
 * Exchange (Milan stock exchange): weekends; New Year's Day; Good Friday; Easter Monday; Labour Day; Assumption;
 * Christmas Eve; Christmas; St. Stephen's Day; New Year's Eve.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const settlement = ruleCalendar('Italian settlement', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 6 && m === 1) || // Epiphany
    dd === easterMonday(y) || // Easter Monday
    (d === 25 && m === 4) || // Liberation Day
    (d === 1 && m === 5) || // Labour Day
    (d === 2 && m === 6 && y >= 2000) || // Republic Day, a holiday again since 2000
    (d === 15 && m === 8) || // Assumption
    (d === 1 && m === 11) || // All Saints' Day
    (d === 8 && m === 12) || // Immaculate Conception
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) || // St. Stephen's Day
    (d === 31 && m === 12 && y === 1999) // the millennium changeover
  )
})

const exchange = ruleCalendar('Milan stock exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    (d === 1 && m === 5) || // Labour Day
    (d === 15 && m === 8) || // Assumption
    (d === 24 && m === 12) || // Christmas Eve
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) || // St. Stephen's Day
    (d === 31 && m === 12) // New Year's Eve
  )
})

export const italyCalendars: Readonly<CalendarFamily> = {
  country: 'Italy',
  markets: { Settlement: settlement, Exchange: exchange },
  defaultMarket: 'Settlement',
}
