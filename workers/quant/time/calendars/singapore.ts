/**
 * Singapore exchange calendar (ql/time/calendars/singapore.cpp, QuantLib 1.29).
 *
 * Every year: weekends; New Year's Day (moved to Monday when on a Sunday); Good Friday; Labour Day (May 1st);
 * National Day (August 9th, moved to Monday when on a Sunday); Christmas. 2004-2014 only (none listed for
 * 2011): Chinese New Year, Hari Raya Haji, Vesak, Deepavali and Hari Raya Puasa as announced. Later years have
 * only the fixed rules.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'
import { dayTable } from './day-table.ts'

const MON = 2

const chineseNewYear = dayTable({
  2004: 'Jan 22-23',
  2005: 'Feb 9-10',
  2006: 'Jan 30-31',
  2007: 'Feb 19-20',
  2008: 'Feb 7-8',
  2009: 'Jan 26-27',
  2010: 'Jan 15-16', // as QuantLib lists it (the festival fell on February 14th)
  2012: 'Jan 23-24',
  2013: 'Feb 11-12',
  2014: 'Jan 31, Feb 1',
})

const hariRayaHaji = dayTable({
  2004: 'Feb 1-2',
  2005: 'Jan 21',
  2006: 'Jan 10',
  2007: 'Jan 2, Dec 20',
  2008: 'Dec 8',
  2009: 'Nov 27',
  2010: 'Nov 17',
  2012: 'Oct 26',
  2013: 'Oct 15',
  2014: 'Oct 6',
})

const vesakDay = dayTable({
  2004: 'Jun 2',
  2005: 'May 22',
  2006: 'May 12',
  2007: 'May 31',
  2008: 'May 18',
  2009: 'May 9',
  2010: 'May 28',
  2012: 'May 5',
  2013: 'May 24',
  2014: 'May 13',
})

// none listed for 2006
const deepavali = dayTable({
  2004: 'Nov 11',
  2005: 'Nov 1',
  2007: 'Nov 8',
  2008: 'Oct 28',
  2009: 'Nov 16',
  2010: 'Nov 5',
  2012: 'Nov 13',
  2013: 'Nov 2',
  2014: 'Oct 23',
})

const hariRayaPuasa = dayTable({
  2004: 'Nov 14-15',
  2005: 'Nov 3',
  2006: 'Oct 24',
  2007: 'Oct 13',
  2008: 'Oct 1',
  2009: 'Sep 21',
  2010: 'Sep 10',
  2012: 'Aug 20',
  2013: 'Aug 8',
  2014: 'Jul 28',
})

const sgx = ruleCalendar('Singapore exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  return !(
    w === 1 ||
    w === 7 ||
    ((d === 1 || (d === 2 && w === MON)) && m === 1) || // New Year's Day
    dd === easterMonday(y) - 3 || // Good Friday
    (d === 1 && m === 5) || // Labour Day
    ((d === 9 || (d === 10 && w === MON)) && m === 8) || // National Day
    (d === 25 && m === 12) || // Christmas
    chineseNewYear.has(serial) ||
    hariRayaHaji.has(serial) ||
    vesakDay.has(serial) ||
    deepavali.has(serial) ||
    hariRayaPuasa.has(serial)
  )
})

export const singaporeCalendars: Readonly<CalendarFamily> = {
  country: 'Singapore',
  markets: { SGX: sgx },
  defaultMarket: 'SGX',
}
