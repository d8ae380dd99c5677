/**
 * Hong Kong stock exchange calendar (ql/time/calendars/hongkong.cpp, QuantLib 1.29).
 *
 * Every year: weekends; New Year's Day, Labour Day (May 1st), SAR Establishment Day (July 1st) and National Day
 * (October 1st), each moved to Monday when on a Sunday; Good Friday; Easter Monday; Christmas; Boxing Day.
 * 2004-2020 only: Lunar New Year, Ching Ming, Buddha's birthday, Tuen Ng, Mid-Autumn and Chung Yeung as
 * announced, and a few substitute and special days. Later years have only the fixed rules.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'
import { dayTable } from './day-table.ts'

const MON = 2

const lunarNewYear = dayTable({
  2004: 'Jan 22-24',
  2005: 'Feb 9-11',
  2006: 'Jan 28-31',
  2007: 'Feb 17-20',
  2008: 'Feb 7-9',
  2009: 'Jan 26-28',
  2010: 'Feb 15-16',
  2011: 'Feb 3-4',
  2012: 'Jan 23-25',
  2013: 'Feb 11-13',
  2014: 'Jan 31, Feb 1-3',
  2015: 'Feb 19-20',
  2016: 'Feb 8-10',
  2017: 'Jan 30-31',
  2018: 'Feb 16, 19',
  2019: 'Feb 5-7',
  2020: 'Jan 27-28',
})

// none listed for 2014 and 2015
const chingMing = dayTable({
  2004: 'Apr 5',
  2005: 'Apr 5',
  2006: 'Apr 5',
  2007: 'Apr 5',
  2008: 'Apr 4',
  2009: 'Apr 4',
  2010: 'Apr 6',
  2011: 'Apr 5',
  2012: 'Apr 4',
  2013: 'Apr 4',
  2016: 'Apr 4',
  2017: 'Apr 4',
  2018: 'Apr 5',
  2019: 'Apr 5',
  2020: 'Apr 4',
})

// none listed for 2016 and 2019
const buddhasBirthday = dayTable({
  2004: 'May 26',
  2005: 'May 16',
  2006: 'May 5',
  2007: 'May 24',
  2008: 'May 12',
  2009: 'May 2',
  2010: 'May 21',
  2011: 'May 10',
  2012: 'May 10',
  2013: 'May 17',
  2014: 'May 6',
  2015: 'May 25',
  2017: 'May 3',
  2018: 'May 22',
  2020: 'Apr 30',
})

// none listed for 2012
const tuenNg = dayTable({
  2004: 'Jun 22',
  2005: 'Jun 11',
  2006: 'May 31',
  2007: 'Jun 19',
  2008: 'Jun 9',
  2009: 'May 28',
  2010: 'Jun 16',
  2011: 'Jun 6',
  2013: 'Jun 12',
  2014: 'Jun 2',
  2015: 'Jun 20',
  2016: 'Jun 9',
  2017: 'May 30',
  2018: 'Jun 18',
  2019: 'Jun 7',
  2020: 'Jun 25',
})

// the day after the festival; none listed for 2019
const midAutumn = dayTable({
  2004: 'Sep 29',
  2005: 'Sep 19',
  2006: 'Oct 7',
  2007: 'Sep 26',
  2008: 'Sep 15',
  2009: 'Oct 3',
  2010: 'Sep 23',
  2011: 'Sep 13',
  2012: 'Oct 1',
  2013: 'Sep 20',
  2014: 'Sep 9',
  2015: 'Sep 28',
  2016: 'Sep 16',
  2017: 'Oct 5',
  2018: 'Sep 25',
  2020: 'Oct 2',
})

// none listed for 2010 and 2017
const chungYeung = dayTable({
  2004: 'Oct 22',
  2005: 'Oct 11',
  2006: 'Oct 30',
  2007: 'Oct 19',
  2008: 'Oct 7',
  2009: 'Oct 26',
  2011: 'Oct 5',
  2012: 'Oct 23',
  2013: 'Oct 14',
  2014: 'Oct 2',
  2015: 'Oct 21',
  2016: 'Oct 10',
  2018: 'Oct 17',
  2019: 'Oct 7',
  2020: 'Oct 26',
})

const specialDays = dayTable({
  2011: 'Dec 27', // Christmas on a Sunday: the second day after it
  // the day after Easter Monday (Ching Ming on Easter Sunday); 70th anniversary of the victory over Japan
  2015: 'Apr 7, Sep 3',
  2016: 'Dec 27', // Christmas on a Sunday: the second day after it
})

// the day itself, or the Monday after it when it falls on a Sunday
const onOrMondayAfter = (d: number, w: number, day: number) => d === day || (d === day + 1 && w === MON)

const hkex = ruleCalendar('Hong Kong stock exchange', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (onOrMondayAfter(d, w, 1) && m === 1) || // New Year's Day
    dd === em - 3 || // Good Friday
    dd === em || // Easter Monday
    (onOrMondayAfter(d, w, 1) && m === 5) || // Labour Day
    (onOrMondayAfter(d, w, 1) && m === 7) || // SAR Establishment Day
    (onOrMondayAfter(d, w, 1) && m === 10) || // National Day
    (d === 25 && m === 12) || // Christmas
    (d === 26 && m === 12) || // Boxing Day
    lunarNewYear.has(serial) ||
    chingMing.has(serial) ||
    buddhasBirthday.has(serial) ||
    tuenNg.has(serial) ||
    midAutumn.has(serial) ||
    chungYeung.has(serial) ||
    specialDays.has(serial)
  )
})

export const hongKongCalendars: Readonly<CalendarFamily> = {
  country: 'HongKong',
  markets: { HKEx: hkex },
  defaultMarket: 'HKEx',
}
