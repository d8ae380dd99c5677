/**
 * Swedish calendar (ql/time/calendars/sweden.cpp, QuantLib 1.29): weekends; Good Friday; Easter Monday; Ascension
 * Thursday; Whit Monday (until 2004); New Year's Day; Epiphany; May Day; National Day (June 6th, since 2005);
 * Midsummer Eve (the Friday from June 19th to 25th); Christmas Eve; Christmas; Boxing Day; New Year's Eve.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const FRI = 6

const sweden = ruleCalendar('Sweden', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    dd === em + 38 || // Ascension Thursday
    (dd === em + 49 && y <= 2004) || // Whit Monday, replaced by National Day in 2005
    (d === 1 && m === 1) || // New Year's Day
    (d === 6 && m === 1) || // Epiphany
    (d === 1 && m === 5) || // May Day
    (d === 6 && m === 6 && y >= 2005) || // National Day, a holiday since 2005
    (w === FRI && d >= 19 && d <= 25 && m === 6) || // Midsummer Eve
    (d === 24 && m === 12) || // Christmas Eve
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) || // Boxing Day
    (d === 31 && m === 12) // New Year's Eve
  )
})

export const swedenCalendars: Readonly<CalendarFamily> = {
  country: 'Sweden',
  markets: { '': sweden },
  defaultMarket: '',
}
