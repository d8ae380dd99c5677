/**
 * Norwegian calendar (ql/time/calendars/norway.cpp, QuantLib 1.29): weekends; Holy Thursday; Good Friday; Easter
 * Monday; Ascension Thursday; Whit Monday; New Year's Day; May Day; National Independence Day (May 17th);
 * Christmas Eve (since 2002); Christmas; Boxing Day.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const norway = ruleCalendar('Norway', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    dd === em - 4 || // Holy Thursday
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    dd === em + 38 || // Ascension Thursday
    dd === em + 49 || // Whit Monday
    (d === 1 && m === 1) || // New Year's Day
    (d === 1 && m === 5) || // May Day
    (d === 17 && m === 5) || // National Independence Day
    (d === 24 && m === 12 && y >= 2002) || // Christmas Eve, closed since 2002
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // Boxing Day
  )
})

export const norwayCalendars: Readonly<CalendarFamily> = {
  country: 'Norway',
  markets: { '': norway },
  defaultMarket: '',
}
