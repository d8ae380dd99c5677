/**
 * Taiwan stock exchange calendar (ql/time/calendars/taiwan.cpp, QuantLib 1.29).
 *
 * Every year: weekends; New Year's Day; Peace Memorial Day (February 28th); Labour Day (May 1st); National Day
 * (Double Tenth, October 10th). 2002-2019 only: Lunar New Year, Children's Day, Tomb Sweeping Day, Dragon Boat
 * and Mid-Autumn festivals as announced, with the bridge and substitute days the exchange closed. Later years
 * have only the fixed rules.
 */
import { dateParts, ruleCalendar, type CalendarFamily } from '../calendar.ts'
import { dayTable } from './day-table.ts'

// the exchange's Lunar New Year closure, eve and bridge days included
const lunarNewYear = dayTable({
  2002: 'Feb 9-17',
  2003: 'Jan 31, Feb 1-5',
  2004: 'Jan 21-26',
  2005: 'Feb 6-13',
  2006: 'Jan 28-31, Feb 1-5',
  2007: 'Feb 17-25',
  2008: 'Feb 4-11',
  2009: 'Jan 24-31',
  2010: 'Jan 13-21', // as QuantLib lists it (the festival fell on February 14th)
  2011: 'Feb 2-7',
  2012: 'Jan 23-27',
  2013: 'Feb 10-15',
  2014: 'Jan 28-31, Feb 1-4',
  2015: 'Feb 18-23',
  2016: 'Feb 8-12',
  2017: 'Jan 27-31, Feb 1',
  2018: 'Feb 15-20',
  2019: 'Feb 4-8',
})

// listed from 2011; April 4th
const childrensDay = dayTable({
  2011: 'Apr 4',
  2013: 'Apr 4',
  2014: 'Apr 4',
  2016: 'Apr 4',
  2017: 'Apr 4',
  2018: 'Apr 4',
  2019: 'Apr 4',
})

const tombSweepingDay = dayTable({
  2002: 'Apr 5',
  2005: 'Apr 5',
  2006: 'Apr 5',
  2007: 'Apr 5',
  2008: 'Apr 4',
  2009: 'Apr 4',
  2010: 'Apr 5',
  2011: 'Apr 5',
  2012: 'Apr 4',
  2013: 'Apr 5',
  2014: 'Apr 5',
  2018: 'Apr 5',
  2019: 'Apr 5',
})

const dragonBoat = dayTable({
  2003: 'Jun 4',
  2004: 'Jun 22',
  2006: 'May 31',
  2007: 'Jun 19',
  2009: 'May 28-29',
  2010: 'May 16',
  2011: 'Jun 6',
  2012: 'Jun 23',
  2013: 'Jun 12',
  2014: 'Jun 2',
  2016: 'Jun 9',
  2017: 'May 30',
  2018: 'Jun 18',
  2019: 'Jun 7',
})

const midAutumn = dayTable({
  2003: 'Sep 11',
  2004: 'Sep 28',
  2006: 'Oct 6',
  2007: 'Sep 25',
  2009: 'Oct 3',
  2010: 'Sep 22',
  2011: 'Sep 12',
  2012: 'Sep 30',
  2013: 'Sep 19-20',
  2014: 'Sep 8',
  2016: 'Sep 15',
  2017: 'Oct 4',
  2018: 'Sep 24',
  2019: 'Sep 13',
})

// bridge days between a holiday and a weekend, and substitutes for holidays on a weekend
const adjustedDays = dayTable({
  2005: 'May 2', // Labour Day on a Sunday
  2007: 'Apr 6, Jun 18, Sep 24',
  2009: 'Jan 2',
  2011: 'May 2', // Labour Day on a Sunday
  2012: 'Feb 27, Dec 31',
  2015: 'Jan 2, Feb 27, Apr 3, 6, Jun 19, Sep 28, Oct 9',
  2016: 'Feb 29, Apr 5, May 2, Jun 10, Sep 16',
  2017: 'Jan 2, Feb 27, Apr 3, May 29, Oct 9',
  2018: 'Apr 6, Dec 31',
  2019: 'Mar 1, Oct 11',
})

const tsec = ruleCalendar('Taiwan stock exchange', (serial) => {
  const { d, m, w } = dateParts(serial)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 28 && m === 2) || // Peace Memorial Day
    (d === 1 && m === 5) || // Labour Day
    (d === 10 && m === 10) || // National Day
    lunarNewYear.has(serial) ||
    childrensDay.has(serial) ||
    tombSweepingDay.has(serial) ||
    dragonBoat.has(serial) ||
    midAutumn.has(serial) ||
    adjustedDays.has(serial)
  )
})

export const taiwanCalendars: Readonly<CalendarFamily> = {
  country: 'Taiwan',
  markets: { TSEC: tsec },
  defaultMarket: 'TSEC',
}
