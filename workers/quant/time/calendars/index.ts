/**
 * Calendars from stored terms: `{name}` with a QuantLib class or market name in any usual spelling
 * ("TARGET", "UnitedStates::GovernmentBond", "United States GovernmentBond", "US government bond market"),
 * `{name, market}`, or `{name: "JointCalendar", calendars: [...], rule: "JoinHolidays" | "JoinBusinessDays"}`.
 * A bare "UnitedStates" or "UnitedKingdom" means their Settlement market (QuantLib's default).
 */
import { QuantInputError } from '../../errors.ts'
import type { Calendar } from '../calendar.ts'
import { jointCalendar, type JointCalendarRule } from './joint-calendar.ts'
import { mexico } from './mexico.ts'
import { nullCalendar } from './null-calendar.ts'
import { target } from './target.ts'
import { unitedKingdom } from './united-kingdom.ts'
import { unitedStates } from './united-states.ts'
import { weekendsOnly } from './weekends-only.ts'

export interface CalendarTerms {
  name: string
  market?: string
  calendars?: CalendarTerms[]
  rule?: string
}

const CANONICAL: Record<string, () => Calendar> = {
  TARGET: () => target,
  NullCalendar: () => nullCalendar,
  WeekendsOnly: () => weekendsOnly,
  'UnitedStates::Settlement': () => unitedStates('Settlement'),
  'UnitedStates::NYSE': () => unitedStates('NYSE'),
  'UnitedStates::GovernmentBond': () => unitedStates('GovernmentBond'),
  'UnitedStates::SOFR': () => unitedStates('SOFR'),
  'UnitedKingdom::Settlement': () => unitedKingdom('Settlement'),
  'UnitedKingdom::Exchange': () => unitedKingdom('Exchange'),
  'UnitedKingdom::Metals': () => unitedKingdom('Metals'),
  Mexico: () => mexico,
}

/** Names accepted in stored terms, canonical first. */
export const SUPPORTED_CALENDARS = [...Object.keys(CANONICAL), 'JointCalendar']

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')

const ALIASES = new Map<string, string>()
for (const canonical of Object.keys(CANONICAL)) {
  ALIASES.set(normalize(canonical), canonical)
  ALIASES.set(normalize(CANONICAL[canonical]().name), canonical)
}
const extra: Record<string, string> = {
  Null: 'NullCalendar',
  TARGET2: 'TARGET',
  Euro: 'TARGET',
  UnitedStates: 'UnitedStates::Settlement',
  US: 'UnitedStates::Settlement',
  USSettlement: 'UnitedStates::Settlement',
  NYSE: 'UnitedStates::NYSE',
  USGovernmentBond: 'UnitedStates::GovernmentBond',
  SIFMA: 'UnitedStates::GovernmentBond',
  SOFR: 'UnitedStates::SOFR',
  UnitedKingdom: 'UnitedKingdom::Settlement',
  UK: 'UnitedKingdom::Settlement',
  LSE: 'UnitedKingdom::Exchange',
  BMV: 'Mexico',
  MexicoBMV: 'Mexico',
}
for (const [alias, canonical] of Object.entries(extra)) ALIASES.set(normalize(alias), canonical)

const cache = new Map<string, Calendar>()

/** Stored terms are JSON: a calendar that is not `{name, market?, calendars?}` is refused, never a TypeError. */
function checkShape(terms: unknown, field: string): asserts terms is CalendarTerms {
  const t = terms as Partial<Record<keyof CalendarTerms, unknown>> | null
  if (t === null || typeof t !== 'object' || Array.isArray(t)) throw new QuantInputError(`${field}: a calendar is an object {name}, e.g. {"name": "TARGET"}`, field)
  if (typeof t.name !== 'string') throw new QuantInputError(`${field}.name: a calendar needs a name (a string such as TARGET)`, `${field}.name`)
  if (t.market !== undefined && typeof t.market !== 'string') throw new QuantInputError(`${field}.market: must be a string`, `${field}.market`)
  if (t.calendars !== undefined && !Array.isArray(t.calendars)) throw new QuantInputError(`${field}.calendars: must be a list of calendars`, `${field}.calendars`)
}

const simple = new Map<string, Calendar>()

export function calendarFromTerms(terms: CalendarTerms, field = 'calendar'): Calendar {
  checkShape(terms, field)
  if (terms.calendars === undefined) {
    const known = simple.get(terms.market ? `${terms.name}::${terms.market}` : terms.name)
    if (known) return known
  }
  if (normalize(terms.name) === 'jointcalendar') {
    const parts = terms.calendars ?? []
    if (parts.length < 2) throw new QuantInputError(`${field}: a JointCalendar needs at least two calendars`, field)
    const rule = (terms.rule ?? 'JoinHolidays') as JointCalendarRule
    if (rule !== 'JoinHolidays' && rule !== 'JoinBusinessDays') throw new QuantInputError(`${field}.rule: '${terms.rule}' is not JoinHolidays or JoinBusinessDays`, `${field}.rule`)
    const members = parts.map((p, i) => calendarFromTerms(p, `${field}.calendars[${i}]`))
    const key = `${rule}(${members.map((m) => m.name).join('|')})`
    let joint = cache.get(key)
    if (!joint) {
      joint = jointCalendar(members, rule)
      cache.set(key, joint)
    }
    return joint
  }
  const spelled = terms.market ? `${terms.name}::${terms.market}` : terms.name
  const canonical = ALIASES.get(normalize(spelled))
  if (!canonical) throw new QuantInputError(`${field}: unknown calendar '${spelled}' (supported: ${SUPPORTED_CALENDARS.join(', ')})`, field)
  const calendar = CANONICAL[canonical]()
  if (simple.size < 1024) simple.set(spelled, calendar)
  return calendar
}
