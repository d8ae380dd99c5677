/**
 * Turkey calendar (ql/time/calendars/turkey.cpp, QuantLib 1.29): weekends; New Year's Day; National
 * Sovereignty and Children's Day (April 23rd); Labour Day; Youth and Sports Day (May 19th); Democracy Day (July
 * 15th, since 2017); Victory Day (August 30th); Republic Day (October 29th); and, for 2004-2034 only, the
 * Ramadan and Kurban (Sacrifice) feasts as QuantLib lists them (no Islamic holidays before 2004 or after 2034).
 */
import { dateParts, ruleCalendar, type CalendarFamily } from '../calendar.ts'

/** The religious holidays by year, as [month, first day, last day] spans (QuantLib's dates, not computed). */
const RELIGIOUS: Readonly<Record<number, readonly (readonly [number, number, number])[]>> = {
  2004: [
    [2, 1, 4],
    [11, 14, 16],
  ],
  2005: [
    [1, 19, 21],
    [11, 2, 5],
  ],
  2006: [
    [1, 10, 13],
    [10, 23, 25],
    [12, 31, 31],
  ],
  2007: [
    [1, 1, 3],
    [10, 12, 14],
    [12, 20, 23],
  ],
  2008: [
    [9, 30, 30],
    [10, 1, 2],
    [12, 8, 11],
  ],
  2009: [
    [9, 20, 22],
    [11, 27, 30],
  ],
  2010: [
    [9, 9, 11],
    [11, 16, 19],
  ],
  2011: [
    [10, 1, 1],
    [11, 9, 13],
  ],
  2012: [
    [8, 18, 21],
    [10, 24, 28],
  ],
  2013: [
    [8, 7, 10],
    [10, 14, 18],
    [10, 28, 28],
  ], // October 28th: extra day before Republic Day
  2014: [
    [7, 27, 30],
    [10, 4, 7],
    [10, 29, 29],
  ],
  2015: [
    [7, 17, 19],
    [10, 24, 27],
  ],
  2016: [
    [7, 5, 7],
    [9, 12, 15],
  ],
  2017: [
    [6, 25, 27],
    [9, 1, 4],
  ],
  2018: [
    [6, 15, 17],
    [8, 21, 24],
  ],
  2019: [
    [6, 5, 7],
    [8, 11, 14],
  ],
  2020: [
    [5, 24, 26],
    [7, 30, 31],
  ],
  2021: [
    [5, 13, 14],
    [7, 19, 22],
  ],
  2022: [
    [5, 3, 5],
    [7, 9, 12],
  ],
  2023: [
    [4, 22, 24],
    [6, 28, 30],
  ],
  2024: [
    [4, 10, 12],
    [6, 17, 19],
  ],
  2025: [
    [3, 31, 31],
    [4, 1, 2],
    [6, 6, 9],
  ],
  2026: [
    [3, 20, 22],
    [5, 26, 29],
  ],
  2027: [
    [3, 10, 12],
    [5, 16, 19],
  ],
  2028: [
    [2, 27, 29],
    [5, 4, 7],
  ],
  2029: [
    [2, 15, 17],
    [4, 23, 26],
  ],
  2030: [
    [2, 5, 7],
    [4, 13, 16],
  ],
  2031: [
    [1, 25, 27],
    [4, 2, 5],
  ],
  2032: [
    [1, 14, 16],
    [3, 21, 24],
  ],
  2033: [
    [1, 3, 5],
    [3, 11, 14],
    [12, 23, 23],
  ],
  2034: [
    [2, 28, 28],
    [3, 1, 3],
    [12, 12, 14],
  ],
}

const turkey = ruleCalendar('Turkey', (serial) => {
  const { d, m, y, w } = dateParts(serial)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    (d === 23 && m === 4) || // National Sovereignty and Children's Day
    (d === 1 && m === 5) || // Labour Day
    (d === 19 && m === 5) || // Youth and Sports Day
    (d === 15 && m === 7 && y >= 2017) || // Democracy and National Unity Day, since 2017
    (d === 30 && m === 8) || // Victory Day
    (d === 29 && m === 10) || // Republic Day
    (RELIGIOUS[y] ?? []).some(([month, from, to]) => m === month && d >= from && d <= to) // Ramadan and Kurban feasts
  )
})

export const turkeyCalendars: Readonly<CalendarFamily> = {
  country: 'Turkey',
  markets: { '': turkey },
  defaultMarket: '',
}
