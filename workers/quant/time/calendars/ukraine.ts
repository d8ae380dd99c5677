/**
 * Ukraine: Ukrainian stock exchange calendar (ql/time/calendars/ukraine.cpp, QuantLib 1.29): weekends; New
 * Year's Day, Orthodox Christmas (January 7th), Women's Day (March 8th) and Victory Day (May 9th), each moved
 * to Monday when on a weekend; Orthodox Easter Monday; Holy Trinity Day (Orthodox Easter Monday + 49); Workers'
 * Solidarity Days (May 1st-2nd, May 3rd if a Monday); Constitution Day (June 28th); Independence Day (August
 * 24th); Defender's Day (October 14th, since 2015).
 */
import { dateParts, ruleCalendar, type CalendarFamily } from '../calendar.ts'
import { orthodoxEasterMonday } from './romania-orthodox-easter.ts'

const MON = 2

const use = ruleCalendar('Ukrainian stock exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = orthodoxEasterMonday(y)
  // a holiday on day `day` of month `month`, or on the Monday after it when it falls on a weekend
  const movedToMonday = (day: number, month: number) =>
    m === month && (d === day || ((d === day + 1 || d === day + 2) && w === MON))
  return !(
    w === 1 ||
    w === 7 ||
    movedToMonday(1, 1) || // New Year's Day
    movedToMonday(7, 1) || // Orthodox Christmas
    movedToMonday(8, 3) || // Women's Day
    dd === em || // Orthodox Easter Monday
    dd === em + 49 || // Holy Trinity Day
    ((d === 1 || d === 2 || (d === 3 && w === MON)) && m === 5) || // Workers' Solidarity Days
    movedToMonday(9, 5) || // Victory Day
    (d === 28 && m === 6) || // Constitution Day
    (d === 24 && m === 8) || // Independence Day
    (d === 14 && m === 10 && y >= 2015) // Defender's Day, since 2015
  )
})

export const ukraineCalendars: Readonly<CalendarFamily> = {
  country: 'Ukraine',
  markets: { USE: use },
  defaultMarket: 'USE',
}
