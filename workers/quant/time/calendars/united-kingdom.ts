/**
 * United Kingdom calendars (ql/time/calendars/unitedkingdom.cpp, QuantLib 1.29). Settlement and Exchange share
 * the rules: weekends; New Year's Day (moved to Monday); Good Friday; Easter Monday; early May bank holiday
 * (first Monday of May, May 8th in 1995 and 2020); spring bank holiday (last Monday of May, moved in 2002, 2012,
 * 2022); summer bank holiday (last Monday of August); the jubilees (June 3-4 2002, June 4-5 2012, June 2-3 2022);
 * the royal wedding (April 29th, 2011); Queen Elizabeth II's funeral (September 19th, 2022); King Charles III's
 * coronation (May 8th, 2023); Christmas and Boxing Day (moved to Monday or Tuesday); December 31st, 1999.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily, type DateParts } from '../calendar.ts'

const MON = 2
const TUE = 3

function bankHoliday({ d, m, y, w }: DateParts): boolean {
  return (
    (d <= 7 && w === MON && m === 5 && y !== 1995 && y !== 2020) || // first Monday of May
    (d === 8 && m === 5 && (y === 1995 || y === 2020)) || // VE day anniversaries
    (d >= 25 && w === MON && m === 5 && y !== 2002 && y !== 2012 && y !== 2022) || // last Monday of May
    (d >= 25 && w === MON && m === 8) || // last Monday of August
    ((d === 3 || d === 4) && m === 6 && y === 2002) || // Golden Jubilee
    ((d === 4 || d === 5) && m === 6 && y === 2012) || // Diamond Jubilee
    ((d === 2 || d === 3) && m === 6 && y === 2022) || // Platinum Jubilee
    (d === 29 && m === 4 && y === 2011) || // royal wedding
    (d === 19 && m === 9 && y === 2022) || // Queen Elizabeth II's funeral
    (d === 8 && m === 5 && y === 2023) // King Charles III's coronation
  )
}

function uk(serial: number): boolean {
  const p = dateParts(serial)
  const { d, m, y, w, dd } = p
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    ((d === 1 || ((d === 2 || d === 3) && w === MON)) && m === 1) || // New Year's Day (moved to Monday)
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    bankHoliday(p) ||
    ((d === 25 || (d === 27 && (w === MON || w === TUE))) && m === 12) || // Christmas
    ((d === 26 || (d === 28 && (w === MON || w === TUE))) && m === 12) || // Boxing Day
    (d === 31 && m === 12 && y === 1999) // December 31st, 1999
  )
}

export const unitedKingdomCalendars: Readonly<CalendarFamily> = {
  country: 'UnitedKingdom',
  markets: {
    Settlement: ruleCalendar('UK settlement', uk),
    Exchange: ruleCalendar('London stock exchange', uk),
    Metals: ruleCalendar('London metals exchange', uk),
  },
  defaultMarket: 'Settlement',
  aliases: { UK: 'Settlement', LSE: 'Exchange' },
}
