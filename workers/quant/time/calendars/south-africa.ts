/**
 * South Africa calendar (ql/time/calendars/southafrica.cpp, QuantLib 1.29; one market, no Market enum): weekends;
 * New Year's Day; Good Friday; Family Day (Easter Monday); Human Rights Day (March 21st); Freedom Day (April 27th);
 * Workers' Day (May 1st); Youth Day (June 16th); National Women's Day (August 9th); Heritage Day (September 24th);
 * Day of Reconciliation (December 16th); Christmas (not moved); Day of Goodwill (December 26th); each of these
 * dated holidays but Christmas moves from Sunday to Monday. One-off days: election days (April 14th 2004, April
 * 22nd 2009, August 3rd 2016) and December 27th 2022 (for Christmas on a Sunday).
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2

const southAfrica = ruleCalendar('South Africa', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  /** day `day` of month `month`, or the Monday after it when it is a Sunday */
  const movedToMonday = (day: number, month: number) => m === month && (d === day || (d === day + 1 && w === MON))
  return !(
    w === 1 ||
    w === 7 ||
    movedToMonday(1, 1) || // New Year's Day
    dd === em - 3 || // Good Friday
    dd === em || // Family Day
    movedToMonday(21, 3) || // Human Rights Day
    movedToMonday(27, 4) || // Freedom Day
    movedToMonday(1, 5) || // Workers' Day
    movedToMonday(16, 6) || // Youth Day
    movedToMonday(9, 8) || // National Women's Day
    movedToMonday(24, 9) || // Heritage Day
    movedToMonday(16, 12) || // Day of Reconciliation
    (d === 25 && m === 12) || // Christmas
    movedToMonday(26, 12) || // Day of Goodwill
    (d === 14 && m === 4 && y === 2004) || // election day
    (d === 22 && m === 4 && y === 2009) || // election day
    (d === 3 && m === 8 && y === 2016) || // election day
    (d === 27 && m === 12 && y === 2022) // in lieu of Christmas on a Sunday
  )
})

export const southAfricaCalendars: Readonly<CalendarFamily> = {
  country: 'SouthAfrica',
  markets: { '': southAfrica },
  defaultMarket: '',
}
