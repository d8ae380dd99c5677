/**
 * Mexican stock exchange (BMV) calendar (ql/time/calendars/mexico.cpp, QuantLib 1.29): weekends; New Year's
 * Day; Constitution Day (February 5th until 2005, first Monday of February since 2006); Benito Juárez's
 * birthday (March 21st until 2005, third Monday of March since 2006); Holy Thursday; Good Friday; Labour Day;
 * National Day (September 16th); All Souls' Day (November 2nd); Revolution Day (November 20th until 2005, third
 * Monday of November since 2006); Our Lady of Guadalupe (December 12th); Christmas.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2

const bmv = ruleCalendar('Mexican stock exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (y <= 2005 && d === 5 && m === 2) || // Constitution Day
    (y >= 2006 && d <= 7 && w === MON && m === 2) ||
    (y <= 2005 && d === 21 && m === 3) || // Benito Juárez's birthday
    (y >= 2006 && d >= 15 && d <= 21 && w === MON && m === 3) ||
    dd === em - 4 || // Holy Thursday
    dd === em - 3 || // Good Friday
    (d === 1 && m === 5) || // Labour Day
    (d === 16 && m === 9) || // National Day
    (d === 2 && m === 11) || // All Souls' Day
    (y <= 2005 && d === 20 && m === 11) || // Revolution Day
    (y >= 2006 && d >= 15 && d <= 21 && w === MON && m === 11) ||
    (d === 12 && m === 12) || // Our Lady of Guadalupe
    (d === 25 && m === 12) // Christmas
  )
})

export const mexicoCalendars: Readonly<CalendarFamily> = {
  country: 'Mexico',
  markets: { BMV: bmv },
  defaultMarket: 'BMV',
}
