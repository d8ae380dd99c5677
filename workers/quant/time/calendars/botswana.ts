/**
 * Botswana calendar (ql/time/calendars/botswana.cpp, QuantLib 1.29; one market, no Market enum): weekends; New
 * Year's Day (on a Sunday, the Monday and Tuesday after it are holidays); Good Friday; Easter Monday; Labour Day
 * (May 1st, moved to Monday); Ascension; Sir Seretse Khama Day (July 1st, moved to Monday); Presidents' Day (third
 * Monday of July); Independence Day (September 30th, moved to Monday); Botswana Day (October 1st; on a Sunday, the
 * Monday and Tuesday after it); Christmas; Boxing Day (moved to Monday).
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2
const TUE = 3

const botswana = ruleCalendar('Botswana', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    ((d === 1 || (d === 2 && w === MON) || (d === 3 && w === TUE)) && m === 1) || // New Year's Day
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    ((d === 1 || (d === 2 && w === MON)) && m === 5) || // Labour Day
    dd === em + 38 || // Ascension
    ((d === 1 || (d === 2 && w === MON)) && m === 7) || // Sir Seretse Khama Day
    (d >= 15 && d <= 21 && w === MON && m === 7) || // Presidents' Day
    (d === 30 && m === 9) ||
    (d === 1 && w === MON && m === 10) || // Independence Day
    ((d === 1 || (d === 2 && w === MON) || (d === 3 && w === TUE)) && m === 10) || // Botswana Day
    (d === 25 && m === 12) || // Christmas
    ((d === 26 || (d === 27 && w === MON)) && m === 12) // Boxing Day
  )
})

export const botswanaCalendars: Readonly<CalendarFamily> = {
  country: 'Botswana',
  markets: { '': botswana },
  defaultMarket: '',
}
