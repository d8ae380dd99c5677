/**
 * Romania calendars (ql/time/calendars/romania.cpp, QuantLib 1.29).
 *
 * Public: weekends; January 1st and 2nd; Unification Day (January 24th); Orthodox Easter Monday; Labour Day;
 * Orthodox Pentecost Monday (Easter Monday + 49); Children's Day (June 1st, since 2017); St Mary's Day (August
 * 15th); St Andrew (November 30th); National Day (December 1st); Christmas and December 26th.
 * BVB (Bucharest stock exchange, the default): Public's holidays and the closings of December 24th and 31st, 2014.
 */
import { dateParts, ruleCalendar, type CalendarFamily } from '../calendar.ts'
import { orthodoxEasterMonday } from './romania-orthodox-easter.ts'

function publicHolidays(serial: number): boolean {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = orthodoxEasterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    ((d === 1 || d === 2) && m === 1) || // New Year's Day and the day after
    (d === 24 && m === 1) || // Unification Day
    dd === em || // Orthodox Easter Monday
    (d === 1 && m === 5) || // Labour Day
    dd === em + 49 || // Pentecost Monday
    (d === 1 && m === 6 && y >= 2017) || // Children's Day, since 2017
    (d === 15 && m === 8) || // St Mary's Day
    (d === 30 && m === 11) || // Feast of St Andrew
    (d === 1 && m === 12) || // National Day
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // second day of Christmas
  )
}

function bvb(serial: number): boolean {
  if (!publicHolidays(serial)) return false
  const { d, m, y } = dateParts(serial)
  return !(y === 2014 && m === 12 && (d === 24 || d === 31)) // one-off exchange closings
}

export const romaniaCalendars: Readonly<CalendarFamily> = {
  country: 'Romania',
  markets: {
    Public: ruleCalendar('Romania', publicHolidays),
    BVB: ruleCalendar('Bucharest stock exchange', bvb),
  },
  defaultMarket: 'BVB',
}
