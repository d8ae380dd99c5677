/**
 * German calendars (ql/time/calendars/germany.cpp, QuantLib 1.29); the default market is the Frankfurt stock
 * exchange.
 *
 * Settlement: weekends; New Year's Day; Good Friday; Easter Monday; Ascension Thursday; Whit Monday; Corpus
 * Christi; Labour Day; National Day (October 3rd); Christmas Eve; Christmas; Boxing Day.
 *
 * Frankfurt stock exchange and Xetra: weekends; New Year's Day; Good Friday; Easter Monday; Labour Day; Christmas
 * Eve; Christmas; Boxing Day. Eurex adds New Year's Eve; Euwax adds Whit Monday.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

/** the holidays every German exchange closes for */
function exchangeHoliday(serial: number): boolean {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return (
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    (d === 1 && m === 5) || // Labour Day
    (d === 24 && m === 12) || // Christmas Eve
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) // Boxing Day
  )
}

const settlement = ruleCalendar('German settlement', (serial) => {
  const { d, m, y, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    exchangeHoliday(serial) ||
    dd === em + 38 || // Ascension Thursday
    dd === em + 49 || // Whit Monday
    dd === em + 59 || // Corpus Christi
    (d === 3 && m === 10) // National Day
  )
})

const exchange = (serial: number) => !exchangeHoliday(serial)

const eurex = ruleCalendar('Eurex', (serial) => {
  const { d, m } = dateParts(serial)
  return !(exchangeHoliday(serial) || (d === 31 && m === 12)) // New Year's Eve
})

const euwax = ruleCalendar('Euwax', (serial) => {
  const { y, dd } = dateParts(serial)
  return !(exchangeHoliday(serial) || dd === easterMonday(y) + 49) // Whit Monday
})

export const germanyCalendars: Readonly<CalendarFamily> = {
  country: 'Germany',
  markets: {
    Settlement: settlement,
    FrankfurtStockExchange: ruleCalendar('Frankfurt stock exchange', exchange),
    Xetra: ruleCalendar('Xetra', exchange),
    Eurex: eurex,
    Euwax: euwax,
  },
  defaultMarket: 'FrankfurtStockExchange',
  aliases: { FSE: 'FrankfurtStockExchange', Frankfurt: 'FrankfurtStockExchange' },
}
