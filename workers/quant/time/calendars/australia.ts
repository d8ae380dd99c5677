/**
 * Australia calendar (ql/time/calendars/australia.cpp, QuantLib 1.29; one market, no Market enum): weekends; New
 * Year's Day (moved to Monday); Australia Day (January 26th, moved to Monday); Good Friday; Easter Monday; ANZAC
 * Day (April 25th, not moved); Queen's Birthday (second Monday of June); Bank Holiday (first Monday of August);
 * Labour Day (first Monday of October); Christmas and Boxing Day (moved to Monday or Tuesday); the National Day of
 * Mourning for Queen Elizabeth II (September 22nd, 2022).
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2
const TUE = 3

const australia = ruleCalendar('Australia', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    ((d === 1 || ((d === 2 || d === 3) && w === MON)) && m === 1) || // New Year's Day
    ((d === 26 || ((d === 27 || d === 28) && w === MON)) && m === 1) || // Australia Day
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    (d === 25 && m === 4) || // ANZAC Day
    (d > 7 && d <= 14 && w === MON && m === 6) || // Queen's Birthday
    (d <= 7 && w === MON && m === 8) || // Bank Holiday
    (d <= 7 && w === MON && m === 10) || // Labour Day
    ((d === 25 || (d === 27 && (w === MON || w === TUE))) && m === 12) || // Christmas
    ((d === 26 || (d === 28 && (w === MON || w === TUE))) && m === 12) || // Boxing Day
    (d === 22 && m === 9 && y === 2022) // National Day of Mourning for Queen Elizabeth II
  )
})

export const australiaCalendars: Readonly<CalendarFamily> = {
  country: 'Australia',
  markets: { '': australia },
  defaultMarket: '',
}
