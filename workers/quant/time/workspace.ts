/**
 * What the date functions may reuse from one call to the next, owned and passed in by the caller: the core keeps
 * nothing between calls. A calendar of the registry evaluates its holiday rule on every date it is asked about,
 * and Business/252 counts the days it needs; with a workspace, a calendar remembers each date's answer (a byte
 * per date of QuantLib's range, allocated on first use) and Business/252 keeps each calendar's business days per
 * month and per year (QuantLib caches the same figures by calendar name). The answers are the same either way.
 *
 * The pricing layer keeps one per worker thread (workers/operations/rebuild-instrument.ts) and hands it to
 * calendarFromTerms, dayCounterFromCode and buildCurve. Its maps are keyed by calendar object (weakly: a
 * calendar nobody holds takes its memo with it), except the joint calendars, which are keyed by rule and members.
 */
import type { Calendar } from './calendar.ts'
import type { DayCounter } from './day-counter.ts'

/** Business days per month and per year of one calendar, -1 until first asked for (daycounters/business252.ts). */
export interface BusinessDayFigures {
  readonly months: Int16Array
  readonly years: Int16Array
}

export interface TimeWorkspace {
  /** each calendar's remembering view (rememberingCalendar), by the calendar it asks */
  readonly calendars: WeakMap<Calendar, Calendar>
  /** joint calendars of remembering members, by rule and members' names (at most JOINT_CALENDARS_KEPT) */
  readonly jointCalendars: Map<string, Calendar>
  /** Business/252's figures, by calendar */
  readonly businessDays: WeakMap<Calendar, BusinessDayFigures>
  /** Business/252 counters on those figures, by calendar (one counter per calendar, as QuantLib's) */
  readonly business252: WeakMap<Calendar, DayCounter>
}

/** The joint calendars a workspace keeps: spelled by stored terms, so few; beyond that they are built on each call. */
export const JOINT_CALENDARS_KEPT = 1024

export function timeWorkspace(): TimeWorkspace {
  return {
    calendars: new WeakMap(),
    jointCalendars: new Map(),
    businessDays: new WeakMap(),
    business252: new WeakMap(),
  }
}
