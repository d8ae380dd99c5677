/**
 * Russia calendars (ql/time/calendars/russia.cpp, QuantLib 1.29).
 *
 * Settlement: weekends; New Year's holidays (January 1st-2nd until 2005, 1st-5th since 2005, also the 6th in
 * 2012); Orthodox Christmas (January 7th), Defender of the Fatherland Day (February 23rd), Women's Day (March
 * 8th), Labour Day (May 1st), Victory Day (May 9th), Russia Day (June 12th) and Unity Day (November 4th), each
 * moved to Monday when on a weekend; the government's bridge days of 2017-2020.
 * MOEX (Moscow exchange): defined from 2012 only (earlier years are refused, as QuantLib fails); weekends except
 * the listed working Saturdays; February 23rd; Women's Day and Victory Day (moved to Monday); May 1st; June
 * 12th; Unity Day (moved to Monday); December 31st; the exchange's listed closings of 2012-2020.
 */
import { dateParts, ruleCalendar, unknownYear, type CalendarFamily } from '../calendar.ts'

const MON = 2

type DayTable = Readonly<Record<number, Readonly<Record<number, readonly number[]>>>>

/** year → month → days */
const listed = (table: DayTable, y: number, m: number, d: number) => table[y]?.[m]?.includes(d) ?? false

/** Settlement bridge days declared by the government. */
const SETTLEMENT_EXTRA: Readonly<DayTable> = {
  2017: { 2: [24], 5: [8], 11: [6] },
  2018: { 3: [9], 4: [30], 5: [2], 6: [11], 12: [31] },
  2019: { 5: [2, 3, 10] },
  2020: { 3: [30, 31], 4: [1, 2, 3], 5: [4, 5] },
}

/** Saturdays on which the exchange traded. */
const MOEX_WORKING_WEEKENDS: Readonly<DayTable> = {
  2012: { 3: [11], 4: [28], 5: [5, 12], 6: [9] },
  2016: { 2: [20] },
  2018: { 4: [28], 6: [9], 12: [29] },
}

/** Further days the exchange was closed. */
const MOEX_EXTRA: Readonly<DayTable> = {
  2012: { 1: [2], 3: [9], 4: [30], 6: [11] },
  2013: { 1: [1, 2, 3, 4, 7] },
  2014: { 1: [1, 2, 3, 7] },
  2015: { 1: [1, 2, 7] },
  2016: { 1: [1, 7, 8], 5: [2, 3], 6: [13], 12: [30] },
  2017: { 1: [2], 5: [8] },
  2018: { 1: [1, 2, 8], 12: [31] },
  2019: { 1: [1, 2, 7], 12: [31] },
  2020: { 1: [1, 2, 7], 2: [24], 6: [24], 7: [1] },
}

function settlement(serial: number): boolean {
  const { d, m, y, w } = dateParts(serial)
  // a holiday on day `day` of month `month`, or on the Monday after it when it falls on a weekend
  const movedToMonday = (day: number, month: number) =>
    m === month && (d === day || ((d === day + 1 || d === day + 2) && w === MON))
  return !(
    w === 1 ||
    w === 7 ||
    (m === 1 && (d <= 2 || (y >= 2005 && d <= 5) || (y === 2012 && d === 6))) || // New Year's holidays
    movedToMonday(7, 1) || // Orthodox Christmas
    movedToMonday(23, 2) || // Defender of the Fatherland Day
    movedToMonday(8, 3) || // International Women's Day
    movedToMonday(1, 5) || // Labour Day
    movedToMonday(9, 5) || // Victory Day
    movedToMonday(12, 6) || // Russia Day
    movedToMonday(4, 11) || // Unity Day
    listed(SETTLEMENT_EXTRA, y, m, d)
  )
}

const MOEX_NAME = 'Moscow exchange'

function moex(serial: number): boolean {
  const { d, m, y, w } = dateParts(serial)
  // the exchange was founded in 2011: QuantLib has no data before 2012
  if (y < 2012) unknownYear(MOEX_NAME, y)
  if (listed(MOEX_WORKING_WEEKENDS, y, m, d)) return true
  const movedToMonday = (day: number, month: number) =>
    m === month && (d === day || ((d === day + 1 || d === day + 2) && w === MON))
  return !(
    w === 1 ||
    w === 7 ||
    (d === 23 && m === 2) || // Defender of the Fatherland Day
    movedToMonday(8, 3) || // International Women's Day
    (d === 1 && m === 5) || // Labour Day
    movedToMonday(9, 5) || // Victory Day
    (d === 12 && m === 6) || // Russia Day
    movedToMonday(4, 11) || // Unity Day
    (d === 31 && m === 12) || // New Year's Eve
    listed(MOEX_EXTRA, y, m, d)
  )
}

export const russiaCalendars: Readonly<CalendarFamily> = {
  country: 'Russia',
  markets: {
    Settlement: ruleCalendar('Russian settlement', settlement),
    MOEX: ruleCalendar(MOEX_NAME, moex),
  },
  defaultMarket: 'Settlement',
}
