/**
 * Tadawul (Saudi stock exchange) calendar (ql/time/calendars/saudiarabia.cpp, QuantLib 1.29). The weekend was
 * Thursday-Friday until June 28th 2013 and Friday-Saturday since June 29th 2013; the calendar's declared weekend
 * is Friday-Saturday throughout (so Saturdays before the change are business days and Thursdays holidays).
 * Holidays: the weekend; Eid al-Adha (tabulated 1998-2022) and Eid al-Fitr (tabulated 2001-2029), each from the
 * day before to four days after; National Day (September 23rd); February 26th and March 19th, 2011.
 */
import { ruleCalendar, type CalendarFamily } from '../calendar.ts'
import { fromYmd, toYmd, weekday, Thursday, Friday, Saturday } from '../date.ts'

/** first day of the Friday-Saturday weekend */
const WEEKEND_CHANGE = fromYmd(2013, 6, 29)

// Eid days as [year, month, day] (Wikipedia's Gregorian tables, as QuantLib uses them).
const eidAlAdha: readonly (readonly [number, number, number])[] = [
  [1998, 4, 7],
  [1999, 3, 27],
  [2000, 3, 16],
  [2001, 3, 5],
  [2002, 2, 23],
  [2003, 2, 12],
  [2004, 2, 1],
  [2005, 1, 21],
  [2006, 1, 10],
  [2006, 12, 31],
  [2007, 12, 20],
  [2008, 12, 8],
  [2009, 11, 27],
  [2010, 11, 16],
  [2011, 11, 6],
  [2012, 10, 26],
  [2013, 10, 15],
  [2014, 10, 4],
  [2015, 9, 24],
  [2016, 9, 11],
  [2017, 9, 1],
  [2018, 8, 23],
  [2019, 8, 12],
  [2020, 7, 31],
  [2021, 7, 20],
  [2022, 7, 10],
]
const eidAlFitr: readonly (readonly [number, number, number])[] = [
  [2001, 12, 16],
  [2002, 12, 5],
  [2003, 11, 25],
  [2004, 11, 13],
  [2005, 11, 3],
  [2006, 10, 23],
  [2007, 10, 12],
  [2008, 9, 30],
  [2009, 9, 20],
  [2010, 9, 10],
  [2011, 8, 30],
  [2012, 8, 19],
  [2013, 8, 8],
  [2014, 7, 28],
  [2015, 7, 17],
  [2016, 7, 6],
  [2017, 6, 25],
  [2018, 6, 15],
  [2019, 6, 4],
  [2020, 5, 24],
  [2021, 5, 13],
  [2022, 5, 2],
  [2023, 4, 21],
  [2024, 4, 10],
  [2025, 3, 30],
  [2026, 3, 20],
  [2027, 3, 9],
  [2028, 2, 26],
  [2029, 2, 14],
]

/** The exchange closes from the day before Eid to four days after it (a conservative reading of 2012-2015). */
const eidSerials: readonly number[] = [...eidAlAdha, ...eidAlFitr].map(([y, m, d]) => fromYmd(y, m, d))
const isEid = (serial: number) => eidSerials.some((eid) => serial >= eid - 1 && serial <= eid + 4)

const tadawul = ruleCalendar(
  'Tadawul',
  (serial) => {
    const w = weekday(serial)
    const { year: y, month: m, day: d } = toYmd(serial)
    const weekend = serial < WEEKEND_CHANGE ? w === Thursday || w === Friday : w === Friday || w === Saturday
    return !(
      weekend ||
      isEid(serial) ||
      (d === 23 && m === 9) || // National Day
      (y === 2011 && ((d === 26 && m === 2) || (d === 19 && m === 3))) // one-off closings
    )
  },
  (w) => w === Friday || w === Saturday,
)

export const saudiArabiaCalendars: Readonly<CalendarFamily> = {
  country: 'SaudiArabia',
  markets: { Tadawul: tadawul },
  defaultMarket: 'Tadawul',
}
