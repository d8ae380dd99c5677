/**
 * South Korea calendars (ql/time/calendars/southkorea.cpp, QuantLib 1.29).
 *
 * Settlement (public holidays): weekends; New Year's Day; Independence Movement Day (March 1st); Arbour Day
 * (April 5th, until 2005); Labour Day (May 1st); Children's Day (May 5th; substitutes May 7th 2018 and May 6th
 * 2019); Memorial Day (June 6th); Constitution Day (July 17th, until 2007); Liberation Day (August 15th);
 * National Foundation Day (October 3rd); Hangul Day (October 9th, since 2013); Christmas; and, 2004-2032 only,
 * Lunar New Year, Buddha's birthday and Chuseok (Harvest Moon) as listed; election days 2004-2020; the special
 * days August 14th 2015 and August 17th 2020. Later years have only the fixed rules.
 *
 * KRX (Korea exchange, QuantLib's default): Settlement's holidays, plus the year-end closing (December 31st, or
 * the Friday December 29th or 30th) and the exchange's own closures of May 6th 2016 and October 2nd 2017.
 */
import { dateParts, ruleCalendar, type CalendarFamily } from '../calendar.ts'
import type { DateSerial } from '../../types.ts'
import { dayTable } from './day-table.ts'

const FRI = 6

const lunarNewYear = dayTable({
  2004: 'Jan 21-23',
  2005: 'Feb 8-10',
  2006: 'Jan 28-30',
  2007: 'Feb 19',
  2008: 'Feb 6-8',
  2009: 'Jan 25-27',
  2010: 'Feb 13-15',
  2011: 'Feb 2-4',
  2012: 'Jan 23-24',
  2013: 'Feb 11',
  2014: 'Jan 30-31',
  2015: 'Feb 18-20',
  2016: 'Feb 7-10',
  2017: 'Jan 27-30',
  2018: 'Feb 15-17',
  2019: 'Feb 4-6',
  2020: 'Jan 24-27',
  2021: 'Feb 11-13',
  2022: 'Jan 31, Feb 1-2',
  2023: 'Jan 21-23',
  2024: 'Feb 9-11',
  2025: 'Jan 28-30',
  2026: 'Feb 16-18',
  2027: 'Feb 5-7',
  2028: 'Jan 25-27',
  2029: 'Feb 12-14',
  2030: 'Feb 2-4',
  2031: 'Jan 22-24',
  2032: 'Feb 10-12',
})

const electionDays = dayTable({
  2004: 'Apr 15', // National Assembly
  2006: 'May 31', // local
  2007: 'Dec 19', // presidential
  2008: 'Apr 9', // National Assembly
  2010: 'Jun 2', // local
  2012: 'Apr 11, Dec 19', // National Assembly; presidential
  2014: 'Jun 4', // local
  2016: 'Apr 13', // National Assembly
  2017: 'May 9', // presidential
  2018: 'Jun 13', // local
  2020: 'Apr 15', // National Assembly
})

const buddhasBirthday = dayTable({
  2004: 'May 26',
  2005: 'May 15',
  2006: 'May 5',
  2007: 'May 24',
  2008: 'May 12',
  2009: 'May 2',
  2010: 'May 21',
  2011: 'May 10',
  2012: 'May 28',
  2013: 'May 17',
  2014: 'May 6',
  2015: 'May 25',
  2016: 'May 14',
  2017: 'May 3',
  2018: 'May 22',
  2019: 'May 12',
  2020: 'Apr 30',
  2021: 'May 19',
  2022: 'May 8',
  2023: 'May 26',
  2024: 'May 15',
  2025: 'May 5',
  2026: 'May 24',
  2027: 'May 13',
  2028: 'May 2',
  2029: 'May 20',
  2030: 'May 9',
  2031: 'May 28',
  2032: 'May 16',
})

const chuseok = dayTable({
  2004: 'Sep 27-29',
  2005: 'Sep 17-19',
  2006: 'Oct 5-7',
  2007: 'Sep 24-26',
  2008: 'Sep 13-15',
  2009: 'Oct 2-4',
  2010: 'Sep 21-23',
  2011: 'Sep 12-13',
  2012: 'Oct 1',
  2013: 'Sep 18-20',
  2014: 'Sep 8-10',
  2015: 'Sep 28-29',
  2016: 'Sep 14-16',
  2017: 'Oct 3-6',
  2018: 'Sep 23-26',
  2019: 'Sep 12-14',
  2020: 'Sep 30, Oct 1-2',
  2021: 'Sep 20-22',
  2022: 'Sep 9-11',
  2023: 'Sep 28-30',
  2024: 'Sep 16-18',
  2025: 'Oct 5-7',
  2026: 'Sep 24-26',
  2027: 'Sep 14-16',
  2028: 'Oct 2-4',
  2029: 'Sep 21-23',
  2030: 'Sep 11-13',
  2031: 'Sep 30, Oct 1-2',
  2032: 'Sep 18-20',
})

const specialDays = dayTable({
  2015: 'Aug 14', // 70th anniversary of liberation
  2018: 'May 7', // Children's Day substitute
  2019: 'May 6', // Children's Day substitute
  2020: 'Aug 17', // temporary holiday
})

function settlementBusinessDay(serial: DateSerial): boolean {
  const { d, m, y, w } = dateParts(serial)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 1 && m === 3) || // Independence Movement Day
    (d === 5 && m === 4 && y <= 2005) || // Arbour Day
    (d === 1 && m === 5) || // Labour Day
    (d === 5 && m === 5) || // Children's Day
    (d === 6 && m === 6) || // Memorial Day
    (d === 17 && m === 7 && y <= 2007) || // Constitution Day
    (d === 15 && m === 8) || // Liberation Day
    (d === 3 && m === 10) || // National Foundation Day
    (d === 9 && m === 10 && y >= 2013) || // Hangul Day
    (d === 25 && m === 12) || // Christmas
    lunarNewYear.has(serial) ||
    electionDays.has(serial) ||
    buddhasBirthday.has(serial) ||
    chuseok.has(serial) ||
    specialDays.has(serial)
  )
}

// exchange closures that are not public holidays
const krxClosures = dayTable({ 2016: 'May 6', 2017: 'Oct 2' })

function krxBusinessDay(serial: DateSerial): boolean {
  if (!settlementBusinessDay(serial)) return false
  const { d, m, w } = dateParts(serial)
  // year-end closing on December's last weekday: the 31st, or Friday the 29th or 30th when the 31st is a weekend
  const yearEnd = m === 12 && (d === 31 || ((d === 29 || d === 30) && w === FRI))
  return !(yearEnd || krxClosures.has(serial))
}

export const southKoreaCalendars: Readonly<CalendarFamily> = {
  country: 'SouthKorea',
  markets: {
    Settlement: ruleCalendar('South-Korean settlement', settlementBusinessDay),
    KRX: ruleCalendar('South-Korea exchange', krxBusinessDay),
  },
  defaultMarket: 'KRX',
}
