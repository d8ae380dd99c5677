/**
 * China calendars (ql/time/calendars/china.cpp, QuantLib 1.29).
 *
 * SSE (Shanghai stock exchange): weekends; New Year's Day; until 2007 Labour Day week (May 1st-7th) and National
 * Day week (October 1st-7th); until 2008 Ching Ming (April 4th), Tuen Ng (June 9th) and Mid-Autumn (September
 * 15th); the closures announced for 2004-2023 (Spring Festival, Ching Ming, Labour Day, Tuen Ng, Mid-Autumn,
 * National Day, the days around New Year); the 70th anniversary of the victory in the war against Japan
 * (September 3rd-4th, 2015). Later years have only the fixed rules.
 *
 * IB (interbank market): the SSE's business days, plus the weekends the State Council made working days
 * (2005-2023), on which the interbank market settles even where the exchange is closed.
 */
import { dateParts, ruleCalendar, type CalendarFamily } from '../calendar.ts'
import type { DateSerial } from '../../types.ts'
import { dayTable } from './day-table.ts'

// days off around New Year's Day beyond January 1st
const newYear = dayTable({
  2005: 'Jan 3',
  2006: 'Jan 2-3',
  2007: 'Jan 2-3, Dec 31',
  2009: 'Jan 2',
  2011: 'Jan 3',
  2012: 'Jan 2-3',
  2013: 'Jan 2-3',
  2015: 'Jan 2-3',
  2017: 'Jan 2',
  2018: 'Dec 31',
  2022: 'Jan 3',
  2023: 'Jan 2',
})

const springFestival = dayTable({
  2004: 'Jan 19-28',
  2005: 'Feb 7-15',
  2006: 'Jan 26-31, Feb 1-3',
  2007: 'Feb 17-25',
  2008: 'Feb 6-12',
  2009: 'Jan 26-30',
  2010: 'Feb 15-19',
  2011: 'Feb 2-8',
  2012: 'Jan 23-28',
  2013: 'Feb 11-15',
  2014: 'Jan 31, Feb 1-6',
  2015: 'Feb 18-24',
  2016: 'Feb 8-12',
  2017: 'Jan 27-31, Feb 1-2',
  2018: 'Feb 15-21',
  2019: 'Feb 4-8',
  2020: 'Jan 24, 27-31',
  2021: 'Feb 11, 12, 15-17',
  2022: 'Jan 31, Feb 1-4',
  2023: 'Jan 23-27',
})

// April 4th until 2008
const chingMing = dayTable({
  2009: 'Apr 6',
  2010: 'Apr 5',
  2011: 'Apr 3-5',
  2012: 'Apr 2-4',
  2013: 'Apr 4-5',
  2014: 'Apr 7',
  2015: 'Apr 5-6',
  2016: 'Apr 4',
  2017: 'Apr 3-4',
  2018: 'Apr 5-6',
  2019: 'Apr 5',
  2020: 'Apr 6',
  2021: 'Apr 5',
  2022: 'Apr 4-5',
  2023: 'Apr 5',
})

// May 1st-7th until 2007
const labourDay = dayTable({
  2008: 'May 1-2',
  2009: 'May 1',
  2010: 'May 3',
  2011: 'May 2',
  2012: 'Apr 30, May 1',
  2013: 'Apr 29-30, May 1',
  2014: 'May 1-3',
  2015: 'May 1',
  2016: 'May 1-2',
  2017: 'May 1',
  2018: 'Apr 30, May 1',
  2019: 'May 1-3',
  2020: 'May 1, 4, 5',
  2021: 'May 3-5',
  2022: 'May 2-4',
  2023: 'May 1-3',
})

// June 9th until 2008
const tuenNg = dayTable({
  2009: 'May 28-29',
  2010: 'Jun 14-16',
  2011: 'Jun 4-6',
  2012: 'Jun 22-24',
  2013: 'Jun 10-12',
  2014: 'Jun 2',
  2015: 'Jun 22',
  2016: 'Jun 9-10',
  2017: 'May 29-30',
  2018: 'Jun 18',
  2019: 'Jun 7',
  2020: 'Jun 25-26',
  2021: 'Jun 14',
  2022: 'Jun 3',
  2023: 'Jun 22-23',
})

// September 15th until 2008; none in 2009, 2017 and 2020 (it fell within National Day week)
const midAutumn = dayTable({
  2010: 'Sep 22-24',
  2011: 'Sep 10-12',
  2012: 'Sep 30',
  2013: 'Sep 19-20',
  2014: 'Sep 8',
  2015: 'Sep 27',
  2016: 'Sep 15-16',
  2018: 'Sep 24',
  2019: 'Sep 13',
  2021: 'Sep 20-21',
  2022: 'Sep 12',
  2023: 'Sep 29',
})

// October 1st-7th until 2007
const nationalDay = dayTable({
  2008: 'Sep 29-30, Oct 1-3',
  2009: 'Oct 1-8',
  2010: 'Oct 1-7',
  2011: 'Oct 1-7',
  2012: 'Oct 1-7',
  2013: 'Oct 1-7',
  2014: 'Oct 1-7',
  2015: 'Oct 1-7',
  2016: 'Oct 3-7',
  2017: 'Oct 2-6',
  2018: 'Oct 1-5',
  2019: 'Oct 1-7',
  2020: 'Oct 1-2, 5-8',
  2021: 'Oct 1, 4-7',
  2022: 'Oct 3-7',
  2023: 'Oct 2-6',
})

// 70th anniversary of the victory in the war against Japan
const victoryDay = dayTable({ 2015: 'Sep 3-4' })

function sseBusinessDay(serial: DateSerial): boolean {
  const { d, m, y, w } = dateParts(serial)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (y <= 2007 && m === 5 && d <= 7) || // Labour Day week
    (y <= 2007 && m === 10 && d <= 7) || // National Day week
    (y <= 2008 && d === 4 && m === 4) || // Ching Ming
    (y <= 2008 && d === 9 && m === 6) || // Tuen Ng
    (y <= 2008 && d === 15 && m === 9) || // Mid-Autumn
    newYear.has(serial) ||
    springFestival.has(serial) ||
    chingMing.has(serial) ||
    labourDay.has(serial) ||
    tuenNg.has(serial) ||
    midAutumn.has(serial) ||
    nationalDay.has(serial) ||
    victoryDay.has(serial)
  )
}

// weekends made working days to bridge the holidays; the interbank market works them
const workingWeekends = dayTable({
  2005: 'Feb 5, 6, Apr 30, May 8, Oct 8, 9, Dec 31',
  2006: 'Jan 28, Apr 29, 30, Sep 30, Dec 30, 31',
  2007: 'Feb 17, 25, Apr 28, 29, Sep 29, 30, Dec 29',
  2008: 'Feb 2, 3, May 4, Sep 27, 28',
  2009: 'Jan 4, 24, Feb 1, May 31, Sep 27, Oct 10',
  2010: 'Feb 20, 21, Jun 12, 13, Sep 19, 25, 26, Oct 9',
  2011: 'Jan 30, Feb 12, Apr 2, Oct 8, 9, Dec 31',
  2012: 'Jan 21, 29, Mar 31, Apr 1, 28, Sep 29',
  2013: 'Jan 5, 6, Feb 16, 17, Apr 7, 27, 28, Jun 8, 9, Sep 22, 29, Oct 12',
  2014: 'Jan 26, Feb 8, May 4, Sep 28, Oct 11',
  2015: 'Jan 4, Feb 15, 28, Sep 6, Oct 10',
  2016: 'Feb 6, 14, Jun 12, Sep 18, Oct 8, 9',
  2017: 'Jan 22, Feb 4, Apr 1, May 27, Sep 30',
  2018: 'Feb 11, 24, Apr 8, 28, Sep 29, 30, Dec 29',
  2019: 'Feb 2, 3, Apr 28, May 5, Sep 29, Oct 12',
  2020: 'Jan 19, Apr 26, May 9, Jun 28, Sep 27, Oct 10',
  2021: 'Feb 7, 20, Apr 25, May 8, Sep 18, 26, Oct 9',
  2022: 'Jan 29, 30, Apr 2, 24, May 7, Oct 8, 9',
  2023: 'Jan 28, 29, Apr 23, May 6, Jun 25, Oct 7, 8',
})

export const chinaCalendars: Readonly<CalendarFamily> = {
  country: 'China',
  markets: {
    SSE: ruleCalendar('Shanghai stock exchange', sseBusinessDay),
    IB: ruleCalendar('China inter bank market', (serial) => sseBusinessDay(serial) || workingWeekends.has(serial)),
  },
  defaultMarket: 'SSE',
}
