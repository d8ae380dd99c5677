/**
 * Austrian calendars (ql/time/calendars/austria.cpp, QuantLib 1.29).
 *
 * Settlement: weekends; New Year's Day; Epiphany; Easter Monday; Ascension Thursday; Whit Monday; Corpus Christi;
 * Labour Day; Assumption (August 15th); National Holiday (October 26th since 1967, November 12th 1919-1934);
 * All Saints' Day; Immaculate Conception (December 8th); Christmas; St. Stephen's Day.
 *
 * Exchange (Vienna stock exchange): weekends; New Year's Day; Good Friday; Easter Monday; Whit Monday; Labour Day;
 * the National Holidays as above; Christmas Eve; Christmas; St. Stephen's Day; New Year's Eve.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily, type DateParts } from '../calendar.ts'

/** the two National Holidays both markets close for */
const nationalHoliday = ({ d, m, y }: DateParts) =>
  (d === 26 && m === 10 && y >= 1967) || // since 1967
  (d === 12 && m === 11 && y >= 1919 && y <= 1934) // First Republic

const settlement = ruleCalendar('Austrian settlement', (serial) => {
  const p = dateParts(serial)
  const { d, m, w, dd } = p
  const em = easterMonday(p.y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 6 && m === 1) || // Epiphany
    dd === em || // Easter Monday
    dd === em + 38 || // Ascension Thursday
    dd === em + 49 || // Whit Monday
    dd === em + 59 || // Corpus Christi
    (d === 1 && m === 5) || // Labour Day
    (d === 15 && m === 8) || // Assumption
    nationalHoliday(p) ||
    (d === 1 && m === 11) || // All Saints' Day
    (d === 8 && m === 12) || // Immaculate Conception
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // St. Stephen's Day
  )
})

const exchange = ruleCalendar('Vienna stock exchange', (serial) => {
  const p = dateParts(serial)
  const { d, m, w, dd } = p
  const em = easterMonday(p.y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    dd === em + 49 || // Whit Monday
    (d === 1 && m === 5) || // Labour Day
    nationalHoliday(p) ||
    (d === 24 && m === 12) || // Christmas Eve
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) || // St. Stephen's Day
    (d === 31 && m === 12) // New Year's Eve, an exchange holiday
  )
})

export const austriaCalendars: Readonly<CalendarFamily> = {
  country: 'Austria',
  markets: { Settlement: settlement, Exchange: exchange },
  defaultMarket: 'Settlement',
}
