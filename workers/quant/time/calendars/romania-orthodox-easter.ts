/**
 * Orthodox Easter Monday, shared by the Romanian and Ukrainian calendars (QuantLib 1.29's
 * Calendar::OrthodoxImpl::easterMonday, which tabulates 1901-2199).
 *
 * Computed here by the Julian computus (Meeus) and moved onto the Gregorian calendar; checked against QuantLib's
 * table for every year 1901-2199.
 */
import { fromYmd } from '../date.ts'

/** Day of the year (1 = January 1st) of Orthodox Easter Monday in the Gregorian year `year`, computed. */
function computedOrthodoxEasterMonday(year: number): number {
  // Julian Easter Sunday: month and day in the Julian calendar
  const a = year % 4
  const b = year % 7
  const c = year % 19
  const d = (19 * c + 15) % 30
  const e = (2 * a + 4 * b - d + 34) % 7
  const month = Math.floor((d + e + 114) / 31)
  const day = ((d + e + 114) % 31) + 1
  // the Julian calendar runs behind the Gregorian by 13 days in 1900-2099, 14 in 2100-2199 (Easter is after
  // the leap day where the gap grows)
  const gap = Math.floor(year / 100) - Math.floor(year / 400) - 2
  const sunday = fromYmd(year, month, day) + gap
  return sunday + 1 - fromYmd(year, 1, 1) + 1
}

/** Orthodox Easter Monday of 1901..2199, computed when the module loads (QuantLib tabulates the same years). */
const ORTHODOX_EASTER_MONDAYS: readonly number[] = Array.from({ length: 2199 - 1901 + 1 }, (_, i) =>
  computedOrthodoxEasterMonday(1901 + i),
)

/** Day of the year (1 = January 1st) of Orthodox Easter Monday in the Gregorian year `year`. */
export function orthodoxEasterMonday(year: number): number {
  // outside QuantLib's years (or not a whole year) the computus answers, and fails as it always did
  return ORTHODOX_EASTER_MONDAYS[year - 1901] ?? computedOrthodoxEasterMonday(year)
}
