/**
 * Day counters from stored codes (design §4), with the usual aliases and QuantLib 1.29's own names
 * (ql/time/daycounters/all.hpp): every day counter of QuantLib 1.29 except ActualActual ISMA with a schedule.
 */
import type { DateSerial } from '../../types.ts'
import { QuantInputError } from '../../errors.ts'
import type { Calendar } from '../calendar.ts'
import type { DayCounter } from '../day-counter.ts'
import { actual360, actual360IncludeLastDay } from './actual360.ts'
import { actual364 } from './actual364.ts'
import { actual36525 } from './actual36525.ts'
import { actual365Fixed, actual365FixedConvention } from './actual365-fixed.ts'
import { actual366 } from './actual366.ts'
import { actualActual } from './actual-actual.ts'
import { business252, business252In } from './business252.ts'
import { REGISTRY_CALENDARS } from '../calendars/index.ts'
import type { TimeWorkspace } from '../workspace.ts'
import { oneDayCounter } from './one-day-counter.ts'
import { simpleDayCounter } from './simple-day-counter.ts'
import { thirty360 } from './thirty360.ts'
import { thirty365 } from './thirty365.ts'

export interface DayCounterOptions {
  /** termination date of 30E/360 ISDA (German): the bond's maturity */
  terminationDate?: DateSerial
  /** the calendar of Business/252 (stored as day_count_calendar) */
  calendar?: Calendar
  /**
   * where Business/252 keeps its calendar's business-day figures (time/workspace.ts); without one it walks its dates
   */
  workspace?: TimeWorkspace
}

function needsCalendar(o: DayCounterOptions, field: string): Calendar {
  const cal = o.calendar
  if (cal === undefined || typeof cal.isBusinessDay !== 'function') {
    throw new QuantInputError(
      `${field}: Business252 counts business days and needs a calendar (a bond's day_count_calendar, by default its ` +
        `calendar; a curve's building details calendar), e.g. {"name": "Brazil"}`,
      field,
    )
  }
  return cal
}

const FACTORIES: Readonly<Record<string, (o: DayCounterOptions, field: string) => DayCounter>> = {
  Actual360: () => actual360,
  Actual360_IncludeLastDay: () => actual360IncludeLastDay,
  Actual364: () => actual364,
  Actual365Fixed: () => actual365Fixed,
  Actual365Fixed_Canadian: () => actual365FixedConvention('Canadian'),
  Actual365Fixed_NoLeap: () => actual365FixedConvention('NoLeap'),
  Actual36525: () => actual36525(false),
  Actual36525_IncludeLastDay: () => actual36525(true),
  Actual366: () => actual366(false),
  Actual366_IncludeLastDay: () => actual366(true),
  Thirty360_USA: () => thirty360('USA'),
  Thirty360_BondBasis: () => thirty360('BondBasis'),
  Thirty360_European: () => thirty360('European'),
  Thirty360_EurobondBasis: () => thirty360('EurobondBasis'),
  Thirty360_ISMA: () => thirty360('ISMA'),
  Thirty360_ISDA: (o) => thirty360('ISDA', o.terminationDate),
  Thirty360_German: (o) => thirty360('German', o.terminationDate),
  Thirty360_Italian: () => thirty360('Italian'),
  Thirty360_NASD: () => thirty360('NASD'),
  Thirty365: () => thirty365,
  ActualActual_ISDA: () => actualActual('ISDA'),
  ActualActual_Historical: () => actualActual('Historical'),
  ActualActual_Actual365: () => actualActual('Actual365'),
  ActualActual_ISMA: () => actualActual('ISMA'),
  ActualActual_Bond: () => actualActual('Bond'),
  ActualActual_AFB: () => actualActual('AFB'),
  ActualActual_Euro: () => actualActual('Euro'),
  Business252: (o, field) => business252Of(needsCalendar(o, field), o.workspace),
  OneDayCounter: () => oneDayCounter,
  SimpleDayCounter: () => simpleDayCounter,
}

/** The day-count codes of design §4 and every other QuantLib 1.29 convention. */
export const SUPPORTED_DAY_COUNTS: readonly string[] = Object.keys(FACTORIES)

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
// spellings compare without case or punctuation: '30E/360 (ISDA)' is '30E/360 ISDA' is '30e360isda'
const EXTRA_SPELLINGS: Readonly<Record<string, string>> = {
  'Actual/360': 'Actual360',
  'ACT/360': 'Actual360',
  A360: 'Actual360',
  'Actual/360 (inc)': 'Actual360_IncludeLastDay',
  'ACT/360 (inc)': 'Actual360_IncludeLastDay',
  'A/360 (inc)': 'Actual360_IncludeLastDay',
  'Actual/364': 'Actual364',
  'ACT/364': 'Actual364',
  A364: 'Actual364',
  'Actual/365 (Fixed)': 'Actual365Fixed',
  'Actual/365Fixed': 'Actual365Fixed',
  'ACT/365': 'Actual365Fixed',
  'ACT/365F': 'Actual365Fixed',
  A365F: 'Actual365Fixed',
  'Actual/365 (Fixed) Canadian Bond': 'Actual365Fixed_Canadian',
  'Actual/365 (Canadian)': 'Actual365Fixed_Canadian',
  'ACT/365 (Canadian)': 'Actual365Fixed_Canadian',
  'ACT/365 Canadian Bond': 'Actual365Fixed_Canadian',
  Actual365Canadian: 'Actual365Fixed_Canadian',
  A365Canadian: 'Actual365Fixed_Canadian',
  'Actual/365 (No Leap)': 'Actual365Fixed_NoLeap',
  'ACT/365 (No Leap)': 'Actual365Fixed_NoLeap',
  'NL/365': 'Actual365Fixed_NoLeap',
  'ACT/365 NL': 'Actual365Fixed_NoLeap',
  Actual365NoLeap: 'Actual365Fixed_NoLeap',
  'Actual/365 NL': 'Actual365Fixed_NoLeap',
  'Actual/365.25': 'Actual36525',
  'ACT/365.25': 'Actual36525',
  'A/365.25': 'Actual36525',
  'Actual/365.25 (inc)': 'Actual36525_IncludeLastDay',
  'ACT/365.25 (inc)': 'Actual36525_IncludeLastDay',
  'Actual/366': 'Actual366',
  'ACT/366': 'Actual366',
  'A/366': 'Actual366',
  'Actual/366 (inc)': 'Actual366_IncludeLastDay',
  'ACT/366 (inc)': 'Actual366_IncludeLastDay',
  '30/360': 'Thirty360_BondBasis',
  '30/360 (Bond Basis)': 'Thirty360_BondBasis',
  Thirty360: 'Thirty360_BondBasis',
  '30/360 (US)': 'Thirty360_USA',
  '30E/360': 'Thirty360_European',
  '30E/360 (Eurobond Basis)': 'Thirty360_EurobondBasis',
  'Eurobond Basis': 'Thirty360_EurobondBasis',
  '30E/360 (ISDA)': 'Thirty360_ISDA',
  '30/360 (ISDA)': 'Thirty360_ISDA',
  '30/360 (German)': 'Thirty360_German',
  '30E/360 (German)': 'Thirty360_German',
  '30/360 (Italian)': 'Thirty360_Italian',
  '30/360 (NASD)': 'Thirty360_NASD',
  '30/365': 'Thirty365',
  'Thirty/365': 'Thirty365',
  'Actual/Actual (ISDA)': 'ActualActual_ISDA',
  'ACT/ACT': 'ActualActual_ISDA',
  'Actual/Actual': 'ActualActual_ISDA',
  'Actual/Actual (Historical)': 'ActualActual_Historical',
  'ACT/ACT (Historical)': 'ActualActual_Historical',
  'Actual/Actual (Actual365)': 'ActualActual_Actual365',
  'ACT/ACT (Actual365)': 'ActualActual_Actual365',
  'Actual/Actual (ISMA)': 'ActualActual_ISMA',
  'ACT/ACT ICMA': 'ActualActual_ISMA',
  'Actual/Actual (ICMA)': 'ActualActual_ISMA',
  'Actual/Actual (Bond)': 'ActualActual_Bond',
  'Actual/Actual (AFB)': 'ActualActual_AFB',
  'Actual/Actual (Euro)': 'ActualActual_Euro',
  'ACT/ACT (Euro)': 'ActualActual_Euro',
  'Business/252': 'Business252',
  'BUS/252': 'Business252',
  'BD/252': 'Business252',
  '1/1': 'OneDayCounter',
  One: 'OneDayCounter',
  Simple: 'SimpleDayCounter',
}
/** every accepted spelling as written (the codes, then the spellings above) → its code */
const SPELLINGS: readonly (readonly [spelling: string, code: string])[] = [
  ...SUPPORTED_DAY_COUNTS.map((code) => [code, code] as const),
  ...Object.entries(EXTRA_SPELLINGS),
]
/** normalized spelling → code (a later spelling overrides an earlier one) */
const ALIASES: ReadonlyMap<string, string> = new Map(SPELLINGS.map(([spelling, code]) => [normalize(spelling), code]))
/** each spelling exactly as written → the code ALIASES gives it, found without normalizing */
const EXACT: ReadonlyMap<string, string> = new Map(
  SPELLINGS.map(([spelling]) => [spelling, ALIASES.get(normalize(spelling)) as string]),
)

/** The canonical code of a spelling, or undefined when unknown. */
export function canonicalDayCount(code: string): string | undefined {
  return EXACT.get(code) ?? ALIASES.get(normalize(code))
}

/** Whether the code is 30E/360 ISDA (German), whose count needs `terminationDate` (the maturity). */
export function dayCountNeedsTerminationDate(code: string): boolean {
  const canonical = canonicalDayCount(code)
  return canonical === 'Thirty360_ISDA' || canonical === 'Thirty360_German'
}

/** Whether the code is Business/252, which needs `calendar` (stored as day_count_calendar). */
export function dayCountNeedsCalendar(code: string): boolean {
  return canonicalDayCount(code) === 'Business252'
}

/** the codes whose counter depends on the options: the others are built once, when the module loads */
const OPTIONED: ReadonlySet<string> = new Set(['Thirty360_ISDA', 'Thirty360_German', 'Business252'])
const BUILT: ReadonlyMap<string, DayCounter> = new Map(
  SUPPORTED_DAY_COUNTS.filter((code) => !OPTIONED.has(code)).map((code) => [code, FACTORIES[code]({}, 'day_count')]),
)

/**
 * Business/252 on each calendar of the registry, for a caller without a workspace: one counter per calendar, as
 * QuantLib's
 */
const REGISTRY_BUSINESS252: ReadonlyMap<Calendar, DayCounter> = new Map(
  REGISTRY_CALENDARS.map((cal) => [cal, business252(cal)]),
)

function business252Of(calendar: Calendar, workspace: TimeWorkspace | undefined): DayCounter {
  if (workspace !== undefined) return business252In(calendar, workspace)
  return REGISTRY_BUSINESS252.get(calendar) ?? business252(calendar)
}

/**
 * The day counter of a code. Business/252 keeps its business-day figures in `options.workspace` when given (one
 * counter per calendar and workspace); otherwise a registry calendar has one counter that walks its dates.
 */
export function dayCounterFromCode(code: string, options: DayCounterOptions = {}, field = 'day_count'): DayCounter {
  const canonical = canonicalDayCount(code)
  if (!canonical)
    throw new QuantInputError(
      `${field}: unknown day count '${code}' (supported: ${SUPPORTED_DAY_COUNTS.join(', ')})`,
      field,
    )
  return BUILT.get(canonical) ?? FACTORIES[canonical](options, field)
}
