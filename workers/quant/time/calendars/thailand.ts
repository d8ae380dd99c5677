/**
 * Thailand stock exchange calendar (ql/time/calendars/thailand.cpp, QuantLib 1.29). Holidays: weekends; New
 * Year's Day; Chakri Memorial Day (April 6th); Songkran (April 13th-15th, April 16th when a Monday or Tuesday);
 * Labour Day (May 1st); King Vajiralongkorn's Birthday (July 28th, since 2017); the Queen's Birthday (August
 * 12th); King Bhumibol Memorial Day (October 13th, since 2017); King Bhumibol's Birthday (December 5th);
 * Constitution Day (December 10th); New Year's Eve. A fixed holiday on a weekend moves to the following Monday; New
 * Year's Eve on a weekend gives Monday January 1st or 2nd.
 * Plus the Buddhist, royal and special holidays announced for 2000, 2001 and 2005-2018 (2002-2004 are missing).
 */
import { dateParts, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2
const TUE = 3

/** Announced holidays by year, as MM-DD. */
const announced: Readonly<Partial<Record<number, readonly string[]>>> = {
  // Makha Bucha (substitute), Coronation, Wisakha Bucha, Buddhist Lent, Chulalongkorn
  2000: ['02-21', '05-05', '05-17', '07-17', '10-23'],
  // Makha Bucha, Wisakha Bucha, Coronation (substitute), Buddhist Lent, Chulalongkorn
  2001: ['02-08', '05-07', '05-08', '07-06', '10-23'],
  // Makha Bucha, Coronation, Wisakha Bucha (substitute), mid-year closing, Buddhist Lent, Chulalongkorn (substitute)
  2005: ['02-23', '05-05', '05-23', '07-01', '07-22', '10-24'],
  // Makha Bucha, special, Coronation, Wisakha Bucha, the King's 60th anniversary on the throne (2 days),
  // Buddhist Lent, Chulalongkorn
  2006: ['02-13', '04-19', '05-05', '05-12', '06-12', '06-13', '07-11', '10-23'],
  // Makha Bucha (substitute), Coronation (substitute), Wisakha Bucha, Asarnha Bucha (substitute), Chulalongkorn,
  // special
  2007: ['03-05', '05-07', '05-31', '07-30', '10-23', '12-24'],
  // Makha Bucha, Coronation, Wisakha Bucha, mid-year closing, Asarnha Bucha, Chulalongkorn
  2008: ['02-21', '05-05', '05-19', '07-01', '07-17', '10-23'],
  // special, Makha Bucha, Coronation, Wisakha Bucha, mid-year closing, special, Asarnha Bucha, Chulalongkorn
  2009: ['01-02', '02-09', '05-05', '05-08', '07-01', '07-06', '07-07', '10-23'],
  // Makha Bucha (substitute), Coronation, special (2 days), Wisakha Bucha, mid-year closing, Asarnha Bucha,
  // special, Chulalongkorn (substitute)
  2010: ['03-01', '05-05', '05-20', '05-21', '05-28', '07-01', '07-26', '08-13', '10-25'],
  // Makha Bucha, Coronation, special, Wisakha Bucha, mid-year closing, Asarnha Bucha, Chulalongkorn (substitute)
  2011: ['02-18', '05-05', '05-16', '05-17', '07-01', '07-15', '10-24'],
  // special, Makha Bucha, special, Coronation (substitute), Wisakha Bucha, Asarnha Bucha, Chulalongkorn
  2012: ['01-03', '03-07', '04-09', '05-07', '06-04', '08-02', '10-23'],
  // Makha Bucha, Coronation (substitute), Wisakha Bucha, mid-year closing, Asarnha Bucha, Chulalongkorn, special
  2013: ['02-25', '05-06', '05-24', '07-01', '07-22', '10-23', '12-30'],
  // Makha Bucha, Coronation, Wisakha Bucha, mid-year closing, Asarnha Bucha, special, Chulalongkorn
  2014: ['02-14', '05-05', '05-13', '07-01', '07-11', '08-11', '10-23'],
  // special, Makha Bucha, special, Coronation, Wisakha Bucha, mid-year closing, Asarnha Bucha, Chulalongkorn
  2015: ['01-02', '03-04', '05-04', '05-05', '06-01', '07-01', '07-30', '10-23'],
  // Makha Bucha, Coronation, special, Wisakha Bucha, mid-year closing, special, Asarnha Bucha,
  // Chulalongkorn (substitute)
  2016: ['02-22', '05-05', '05-06', '05-20', '07-01', '07-18', '07-19', '10-24'],
  // Makha Bucha, Wisakha Bucha, Asarnha Bucha, Chulalongkorn, King Bhumibol's cremation
  2017: ['02-13', '05-10', '07-10', '10-23', '10-26'],
  // Makha Bucha, Wisakha Bucha, Asarnha Bucha, Chulalongkorn
  2018: ['03-01', '05-29', '07-27', '10-23'],
}

const mmdd = (m: number, d: number) => `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`

/** a fixed holiday, or its Monday substitute when it falls on a Saturday or Sunday */
const observed = (d: number, w: number, day: number) => d === day || ((d === day + 1 || d === day + 2) && w === MON)

const set = ruleCalendar('Thailand stock exchange', (serial) => {
  const { d, m, y, w } = dateParts(serial)
  return !(
    w === 1 ||
    w === 7 ||
    (m === 1 && (d === 1 || (d === 3 && w === MON))) || // New Year's Day
    (m === 1 && (d === 1 || d === 2) && w === MON) || // New Year's Eve on a weekend
    (m === 4 && observed(d, w, 6)) || // Chakri Memorial Day
    (m === 4 && d >= 13 && d <= 15) || // Songkran
    (m === 4 && d === 16 && (w === MON || w === TUE)) || // Songkran substitute
    (m === 5 && observed(d, w, 1)) || // Labour Day
    (m === 7 && y >= 2017 && observed(d, w, 28)) || // King Vajiralongkorn's Birthday
    (m === 8 && observed(d, w, 12)) || // the Queen's Birthday
    (m === 10 && y >= 2017 && observed(d, w, 13)) || // King Bhumibol Memorial Day
    (m === 12 && observed(d, w, 5)) || // King Bhumibol's Birthday
    (m === 12 && observed(d, w, 10)) || // Constitution Day
    (m === 12 && d === 31) || // New Year's Eve
    (announced[y]?.includes(mmdd(m, d)) ?? false)
  )
})

export const thailandCalendars: Readonly<CalendarFamily> = {
  country: 'Thailand',
  markets: { '': set },
  defaultMarket: '',
}
