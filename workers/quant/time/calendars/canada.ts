/**
 * Canada calendars (ql/time/calendars/canada.cpp, QuantLib 1.29). Both markets: weekends; New Year's Day (moved
 * to Monday); Family Day (third Monday of February, since 2008); Good Friday; Victoria Day (the Monday on or before
 * May 24th); Canada Day (July 1st, moved to Monday); Civic Holiday (first Monday of August); Labour Day (first
 * Monday of September); Thanksgiving (second Monday of October); Christmas and Boxing Day (moved to Monday or
 * Tuesday).
 * Settlement adds the National Day for Truth and Reconciliation (September 30th, moved to Monday, since 2021) and
 * Remembrance Day (November 11th, moved to Monday); the TSX keeps neither.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily, type DateParts } from '../calendar.ts'

const MON = 2
const TUE = 3

/** the holidays of both markets */
function commonHoliday({ d, m, y, w, dd }: DateParts): boolean {
  const em = easterMonday(y)
  return (
    ((d === 1 || ((d === 2 || d === 3) && w === MON)) && m === 1) || // New Year's Day
    (d >= 15 && d <= 21 && w === MON && m === 2 && y >= 2008) || // Family Day
    dd === em - 3 || // Good Friday
    (d > 17 && d <= 24 && w === MON && m === 5) || // Victoria Day
    ((d === 1 || ((d === 2 || d === 3) && w === MON)) && m === 7) || // Canada Day
    (d <= 7 && w === MON && m === 8) || // Civic Holiday
    (d <= 7 && w === MON && m === 9) || // Labour Day
    (d > 7 && d <= 14 && w === MON && m === 10) || // Thanksgiving
    ((d === 25 || (d === 27 && (w === MON || w === TUE))) && m === 12) || // Christmas
    ((d === 26 || (d === 28 && (w === MON || w === TUE))) && m === 12) // Boxing Day
  )
}

function settlement(serial: number): boolean {
  const p = dateParts(serial)
  const { d, m, y, w } = p
  return !(
    w === 1 ||
    w === 7 ||
    commonHoliday(p) ||
    (y >= 2021 && ((d === 30 && m === 9) || (d <= 2 && w === MON && m === 10))) || // Truth and Reconciliation
    ((d === 11 || ((d === 12 || d === 13) && w === MON)) && m === 11) // Remembrance Day
  )
}

function tsx(serial: number): boolean {
  const p = dateParts(serial)
  return !(p.w === 1 || p.w === 7 || commonHoliday(p))
}

export const canadaCalendars: Readonly<CalendarFamily> = {
  country: 'Canada',
  markets: {
    Settlement: ruleCalendar('Canada', settlement),
    TSX: ruleCalendar('TSX', tsx),
  },
  defaultMarket: 'Settlement',
}
