/**
 * Danish calendar (ql/time/calendars/denmark.cpp, QuantLib 1.29): weekends; Maundy Thursday; Good Friday; Easter
 * Monday; General Prayer Day (fourth Friday after Easter); Ascension; Whit Monday; New Year's Day; Constitution
 * Day (June 5th); Christmas; Boxing Day.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const denmark = ruleCalendar('Denmark', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    dd === em - 4 || // Maundy Thursday
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    dd === em + 25 || // General Prayer Day
    dd === em + 38 || // Ascension
    dd === em + 49 || // Whit Monday
    (d === 1 && m === 1) || // New Year's Day
    (d === 5 && m === 6) || // Constitution Day
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // Boxing Day
  )
})

export const denmarkCalendars: Readonly<CalendarFamily> = {
  country: 'Denmark',
  markets: { '': denmark },
  defaultMarket: '',
}
