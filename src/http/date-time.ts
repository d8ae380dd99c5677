/**
 * Date-time inputs, one rule for every route and the loader: RFC 3339 with an offset, a naive date-time read as
 * UTC, or a date read as UTC midnight, with years 1901-2199 (the numerical core's date range, as QuantLib's).
 * Anything else (a leap second, an offset without its colon, hour 24) is refused with a reason, so no handler
 * ever meets a string that JavaScript or PostgreSQL would read differently or not at all.
 */

import { BoundedCache } from '../caches/bounded-cache.ts'

export const MIN_YEAR = 1901
export const MAX_YEAR = 2199

const FORM = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2})?)?$/

const daysIn = (y: number, m: number) =>
  m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31

export type DateTimeParse = { ok: true; iso: string } | { ok: false; reason: string }

/**
 * The answers for the latest inputs, by the input text: a request's date-time is parsed by its schema's format check,
 * its keyword and its handler (~2 µs each, a CPU profile put them at 4% of a pricing request's main-thread time), and
 * a book priced at one valuation time sends the same text every time. Frozen: callers share them.
 */
export const dateTimeParses = new BoundedCache<DateTimeParse>(256)

/** The UTC ISO form (`YYYY-MM-DDTHH:MM:SS.sssZ`) of a date-time input, or why it is refused. */
export function parseDateTimeInput(text: string): DateTimeParse {
  // a date-time is at most ~35 characters: longer input (hostile or not) is answered but never kept
  if (text.length > 64) return parse(text)
  return dateTimeParses.getOrSet(text, () => Object.freeze(parse(text)))
}

function parse(text: string): DateTimeParse {
  const m = FORM.exec(text)
  if (!m) {
    const reason =
      /[+-]\d{2}(\d{2})?$/.test(text) && /T/i.test(text)
        ? 'the offset must be ±HH:MM (or Z)'
        : 'expected an RFC 3339 date-time (2026-11-20T00:00:00Z), a naive date-time read as UTC, or a date (2026-11-20)'
    return { ok: false, reason }
  }
  const [year, month, day, hour = 0, minute = 0, second = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    v === undefined ? undefined : Number(v),
  ) as number[]
  // Date.UTC maps years 0-99 to 1900-1999: refuse far years before they reach it
  if (year < MIN_YEAR - 1 || year > MAX_YEAR + 1)
    return { ok: false, reason: `the year must be within ${MIN_YEAR}-${MAX_YEAR} (UTC)` }
  if (month < 1 || month > 12) return { ok: false, reason: `month ${month} is not 1-12` }
  if (day < 1 || day > daysIn(year, month)) return { ok: false, reason: `day ${day} is not in ${m[1]}-${m[2]}` }
  if (hour > 23 || minute > 59) return { ok: false, reason: `time ${m[4]}:${m[5]} is not a time of day` }
  if (second === 60) return { ok: false, reason: 'leap seconds (second 60) are not supported' }
  if (second > 59) return { ok: false, reason: `second ${second} is not 0-59` }
  let offsetMinutes = 0
  const zone = m[8]
  if (zone && zone !== 'Z' && zone !== 'z') {
    const oh = Number(zone.slice(1, 3))
    const om = Number(zone.slice(4, 6))
    if (oh > 23 || om > 59) return { ok: false, reason: `offset ${zone} is not an offset` }
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om)
  }
  const millis = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000 + 1e-6) : 0
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000
  const iso = new Date(utc).toISOString()
  const utcYear = Number(iso.slice(0, 4))
  if (iso.startsWith('-') || iso.startsWith('+') || utcYear < MIN_YEAR || utcYear > MAX_YEAR) {
    return { ok: false, reason: `the year must be within ${MIN_YEAR}-${MAX_YEAR} (UTC)` }
  }
  return { ok: true, iso }
}

/** The UTC ISO form of an input already validated by the schema (throws on anything else: a programming error). */
export function utcIso(text: string): string {
  const parsed = parseDateTimeInput(text)
  if (!parsed.ok) throw new Error(`unvalidated date-time input: ${parsed.reason}`)
  return parsed.iso
}
