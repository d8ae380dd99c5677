/**
 * Santiago Stock Exchange calendar (ql/time/calendars/chile.cpp, QuantLib 1.29): weekends; New Year's Day (and
 * January 2nd when a Monday, since 2017); Good Friday; Holy Saturday (a weekend day anyway); Labour Day; Navy Day
 * (May 21st); Day of Aboriginal People (June 21st, since 2021); St. Peter and St. Paul (the Monday of June 26th-29th,
 * or July 2nd); Our Lady of Mount Carmel (July 16th); Assumption (August 15th); Independence Day (September 18th,
 * with the 17th when a Monday since 2007 or a Friday since 2017); Army Day (September 19th, with the 20th when a
 * Friday since 2007); Discovery of Two Worlds (the Monday of October 9th-12th, or 15th); Reformation Day (since
 * 2008: October 31st unless a Tuesday or Wednesday, when it moves to Friday October 27th or Friday November 2nd);
 * All Saints' Day; Immaculate Conception (December 8th); Christmas.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2
const TUE = 3
const WED = 4
const FRI = 6

const sse = ruleCalendar('Santiago Stock Exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 2 && m === 1 && w === MON && y > 2016) || // New Year's Day on a Sunday
    dd === em - 3 || // Good Friday
    dd === em - 2 || // Holy Saturday
    (d === 1 && m === 5) || // Labour Day
    (d === 21 && m === 5) || // Navy Day
    (d === 21 && m === 6 && y >= 2021) || // Day of Aboriginal People
    (d >= 26 && d <= 29 && m === 6 && w === MON) || // St. Peter and St. Paul
    (d === 2 && m === 7 && w === MON) ||
    (d === 16 && m === 7) || // Our Lady of Mount Carmel
    (d === 15 && m === 8) || // Assumption
    (d === 17 && m === 9 && ((w === MON && y >= 2007) || (w === FRI && y > 2016))) || // bridge to Independence Day
    (d === 18 && m === 9) || // Independence Day
    (d === 19 && m === 9) || // Army Day
    (d === 20 && m === 9 && w === FRI && y >= 2007) || // bridge after Army Day
    (d >= 9 && d <= 12 && m === 10 && w === MON) || // Discovery of Two Worlds
    (d === 15 && m === 10 && w === MON) ||
    (y >= 2008 && // Reformation Day
      ((d === 27 && m === 10 && w === FRI) ||
        (d === 31 && m === 10 && w !== TUE && w !== WED) ||
        (d === 2 && m === 11 && w === FRI))) ||
    (d === 1 && m === 11) || // All Saints' Day
    (d === 8 && m === 12) || // Immaculate Conception
    (d === 25 && m === 12) // Christmas
  )
})

export const chileCalendars: Readonly<CalendarFamily> = {
  country: 'Chile',
  markets: { SSE: sse },
  defaultMarket: 'SSE',
}
