/**
 * New Zealand calendar (ql/time/calendars/newzealand.cpp, QuantLib 1.29; one market, no Market enum): weekends;
 * New Year's Day and the day after (moved to Monday or Tuesday); Anniversary Day (the Monday nearest January 22nd,
 * i.e. the Monday of January 19th-25th); Waitangi Day (February 6th, moved to Monday from 2014); Good Friday;
 * Easter Monday; ANZAC Day (April 25th, moved to Monday from 2014); Queen's Birthday (first Monday of June);
 * Labour Day (fourth Monday of October); Christmas and Boxing Day (moved to Monday or Tuesday).
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2
const TUE = 3

const newZealand = ruleCalendar('New Zealand', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    ((d === 1 || (d === 3 && (w === MON || w === TUE))) && m === 1) || // New Year's Day
    ((d === 2 || (d === 4 && (w === MON || w === TUE))) && m === 1) || // Day after New Year's Day
    (d >= 19 && d <= 25 && w === MON && m === 1) || // Anniversary Day
    (d === 6 && m === 2) || // Waitangi Day
    ((d === 7 || d === 8) && w === MON && m === 2 && y > 2013) || // Waitangi Day on a weekend (QuantLib: from 2014)
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    (d === 25 && m === 4) || // ANZAC Day
    ((d === 26 || d === 27) && w === MON && m === 4 && y > 2013) || // ANZAC Day on a weekend (QuantLib: from 2014)
    (d <= 7 && w === MON && m === 6) || // Queen's Birthday
    (d >= 22 && d <= 28 && w === MON && m === 10) || // Labour Day
    ((d === 25 || (d === 27 && (w === MON || w === TUE))) && m === 12) || // Christmas
    ((d === 26 || (d === 28 && (w === MON || w === TUE))) && m === 12) // Boxing Day
  )
})

export const newZealandCalendars: Readonly<CalendarFamily> = {
  country: 'NewZealand',
  markets: { '': newZealand },
  defaultMarket: '',
}
