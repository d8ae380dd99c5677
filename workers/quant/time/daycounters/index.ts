/** Day counters from stored codes (design §4), with the usual aliases and QuantLib's own names. */
import type { DateSerial } from '../../types.ts'
import { QuantInputError } from '../../errors.ts'
import type { DayCounter } from '../day-counter.ts'
import { actual360 } from './actual360.ts'
import { actual365Fixed } from './actual365-fixed.ts'
import { actualActual } from './actual-actual.ts'
import { thirty360 } from './thirty360.ts'

export interface DayCounterOptions {
  /** termination date of 30E/360 ISDA (the bond's maturity) */
  terminationDate?: DateSerial
}

const FACTORIES: Record<string, (o: DayCounterOptions) => DayCounter> = {
  Actual360: () => actual360,
  Actual365Fixed: () => actual365Fixed,
  Thirty360_USA: () => thirty360('USA'),
  Thirty360_BondBasis: () => thirty360('BondBasis'),
  Thirty360_European: () => thirty360('European'),
  Thirty360_ISMA: () => thirty360('ISMA'),
  Thirty360_ISDA: (o) => thirty360('ISDA', o.terminationDate),
  Thirty360_Italian: () => thirty360('Italian'),
  Thirty360_NASD: () => thirty360('NASD'),
  ActualActual_ISDA: () => actualActual('ISDA'),
  ActualActual_ISMA: () => actualActual('ISMA'),
  ActualActual_Bond: () => actualActual('Bond'),
  ActualActual_AFB: () => actualActual('AFB'),
}

/** The day-count codes of design §4 (and a few more QuantLib conventions). */
export const SUPPORTED_DAY_COUNTS = Object.keys(FACTORIES)

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
const ALIASES = new Map<string, string>(SUPPORTED_DAY_COUNTS.map((code) => [normalize(code), code]))
const extra: Record<string, string> = {
  'Actual/360': 'Actual360', 'ACT/360': 'Actual360', A360: 'Actual360',
  'Actual/365 (Fixed)': 'Actual365Fixed', 'Actual/365Fixed': 'Actual365Fixed', 'ACT/365': 'Actual365Fixed', 'ACT/365F': 'Actual365Fixed', A365F: 'Actual365Fixed',
  '30/360': 'Thirty360_BondBasis', '30/360 (Bond Basis)': 'Thirty360_BondBasis', Thirty360: 'Thirty360_BondBasis',
  '30/360 (US)': 'Thirty360_USA', '30E/360': 'Thirty360_European', '30E/360 (Eurobond Basis)': 'Thirty360_European',
  '30E/360 (ISDA)': 'Thirty360_ISDA', '30/360 (Italian)': 'Thirty360_Italian', '30/360 (NASD)': 'Thirty360_NASD',
  'Actual/Actual (ISDA)': 'ActualActual_ISDA', 'ACT/ACT': 'ActualActual_ISDA', 'Actual/Actual': 'ActualActual_ISDA',
  'Actual/Actual (ISMA)': 'ActualActual_ISMA', 'ACT/ACT ICMA': 'ActualActual_ISMA', 'Actual/Actual (Bond)': 'ActualActual_Bond',
  'Actual/Actual (AFB)': 'ActualActual_AFB', Thirty360_EurobondBasis: 'Thirty360_European', Thirty360_German: 'Thirty360_ISDA',
  ActualActual_Euro: 'ActualActual_AFB', ActualActual_Historical: 'ActualActual_ISDA',
}
for (const [alias, code] of Object.entries(extra)) ALIASES.set(normalize(alias), code)

const resolved = new Map<string, DayCounter>()

export function dayCounterFromCode(code: string, options: DayCounterOptions = {}, field = 'day_count'): DayCounter {
  // rebuilding an instrument asks for the same few codes over and over: remember each answer
  const key = options.terminationDate === undefined ? code : `${code}@${options.terminationDate}`
  const known = resolved.get(key)
  if (known) return known
  const canonical = ALIASES.get(normalize(code))
  if (!canonical) throw new QuantInputError(`${field}: unknown day count '${code}' (supported: ${SUPPORTED_DAY_COUNTS.join(', ')})`, field)
  const dc = FACTORIES[canonical](options)
  if (resolved.size < 4096) resolved.set(key, dc)
  return dc
}
