/**
 * Business days of a market-data set's discount curve (its building details' calendar; weekends only without one), as
 * the VaR window and the series route count them.
 */
import { advance, calendarFromTerms, fromIso, toIso, type Calendar } from '../../workers/entry.ts'
import { conflict } from '../http/errors.ts'

export function curveCalendar(building: Record<string, unknown> | null | undefined): Calendar {
  const terms = (building?.calendar ?? { name: 'WeekendsOnly' }) as Parameters<typeof calendarFromTerms>[0]
  try {
    return calendarFromTerms(terms, 'building.calendar')
  } catch (error) {
    throw conflict(`The discount curve's calendar cannot be read: ${(error as Error).message}`)
  }
}

/** `count` business days ending on `end` (itself when a business day, else the one before), oldest first. */
export function businessDaysEnding(cal: Calendar, end: string, count: number): string[] {
  const last = fromIso(end)
  let d = cal.isBusinessDay(last) ? last : advance(cal, last, -1, 'Days')
  const out = [d]
  while (out.length < count) out.push((d = advance(cal, d, -1, 'Days')))
  return out.reverse().map(toIso)
}

/** The business days from `from` to `to`, both included when they are business days. */
export function businessDaysBetweenDates(cal: Calendar, from: string, to: string): string[] {
  const out: string[] = []
  for (let d = fromIso(from), last = fromIso(to); d <= last; d++) if (cal.isBusinessDay(d)) out.push(toIso(d))
  return out
}

/** The date `n` business days before `date`. */
export const businessDaysBefore = (cal: Calendar, date: string, n: number): string =>
  toIso(advance(cal, fromIso(date), -n, 'Days'))
