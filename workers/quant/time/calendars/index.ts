/**
 * Calendars from stored terms: every calendar of QuantLib 1.29 by its class and market, `Country::Market` (or the
 * class alone for its default market, as QuantLib's default constructor argument), in any usual spelling
 * ("UnitedStates::GovernmentBond", "United States GovernmentBond", "US government bond market"), `{name, market}`,
 * or `{name: "JointCalendar", calendars: [...], rule: "JoinHolidays" | "JoinBusinessDays"}`. Each class lives in
 * its own file as a CalendarFamily; this registry only spells them.
 */
import { QuantInputError } from '../../errors.ts'
import { calendarIn, rememberingCalendar, type Calendar, type CalendarFamily } from '../calendar.ts'
import { JOINT_CALENDARS_KEPT, type TimeWorkspace } from '../workspace.ts'
import { jointCalendar, type JointCalendarRule } from './joint-calendar.ts'
import { argentinaCalendars } from './argentina.ts'
import { australiaCalendars } from './australia.ts'
import { austriaCalendars } from './austria.ts'
import { botswanaCalendars } from './botswana.ts'
import { brazilCalendars } from './brazil.ts'
import { canadaCalendars } from './canada.ts'
import { chileCalendars } from './chile.ts'
import { chinaCalendars } from './china.ts'
import { czechRepublicCalendars } from './czech-republic.ts'
import { denmarkCalendars } from './denmark.ts'
import { finlandCalendars } from './finland.ts'
import { franceCalendars } from './france.ts'
import { germanyCalendars } from './germany.ts'
import { hongKongCalendars } from './hong-kong.ts'
import { hungaryCalendars } from './hungary.ts'
import { icelandCalendars } from './iceland.ts'
import { indiaCalendars } from './india.ts'
import { indonesiaCalendars } from './indonesia.ts'
import { israelCalendars } from './israel.ts'
import { italyCalendars } from './italy.ts'
import { japanCalendars } from './japan.ts'
import { mexicoCalendars } from './mexico.ts'
import { newZealandCalendars } from './new-zealand.ts'
import { norwayCalendars } from './norway.ts'
import { nullCalendars } from './null-calendar.ts'
import { polandCalendars } from './poland.ts'
import { romaniaCalendars } from './romania.ts'
import { russiaCalendars } from './russia.ts'
import { saudiArabiaCalendars } from './saudi-arabia.ts'
import { singaporeCalendars } from './singapore.ts'
import { slovakiaCalendars } from './slovakia.ts'
import { southAfricaCalendars } from './south-africa.ts'
import { southKoreaCalendars } from './south-korea.ts'
import { swedenCalendars } from './sweden.ts'
import { switzerlandCalendars } from './switzerland.ts'
import { taiwanCalendars } from './taiwan.ts'
import { targetCalendars } from './target.ts'
import { thailandCalendars } from './thailand.ts'
import { turkeyCalendars } from './turkey.ts'
import { ukraineCalendars } from './ukraine.ts'
import { unitedKingdomCalendars } from './united-kingdom.ts'
import { unitedStatesCalendars } from './united-states.ts'
import { weekendsOnlyCalendars } from './weekends-only.ts'

const FAMILIES: readonly CalendarFamily[] = [
  argentinaCalendars,
  australiaCalendars,
  austriaCalendars,
  botswanaCalendars,
  brazilCalendars,
  canadaCalendars,
  chileCalendars,
  chinaCalendars,
  czechRepublicCalendars,
  denmarkCalendars,
  finlandCalendars,
  franceCalendars,
  germanyCalendars,
  hongKongCalendars,
  hungaryCalendars,
  icelandCalendars,
  indiaCalendars,
  indonesiaCalendars,
  israelCalendars,
  italyCalendars,
  japanCalendars,
  mexicoCalendars,
  newZealandCalendars,
  norwayCalendars,
  nullCalendars,
  polandCalendars,
  romaniaCalendars,
  russiaCalendars,
  saudiArabiaCalendars,
  singaporeCalendars,
  slovakiaCalendars,
  southAfricaCalendars,
  southKoreaCalendars,
  swedenCalendars,
  switzerlandCalendars,
  taiwanCalendars,
  targetCalendars,
  thailandCalendars,
  turkeyCalendars,
  ukraineCalendars,
  unitedKingdomCalendars,
  unitedStatesCalendars,
  weekendsOnlyCalendars,
]

export interface CalendarTerms {
  name: string
  market?: string
  calendars?: CalendarTerms[]
  rule?: string
}

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
const canonicalName = (f: CalendarFamily, market: string) => (market === '' ? f.country : `${f.country}::${market}`)

/** canonical name → calendar, in registry order */
const CANONICAL: ReadonlyMap<string, Calendar> = new Map(
  FAMILIES.flatMap((f) =>
    Object.entries(f.markets).map(([market, calendar]) => [canonicalName(f, market), calendar] as const),
  ),
)

/**
 * Every spelling the registry knows, in the order it is claimed (a spelling already taken keeps its calendar):
 * canonical names first, then the class alone (its default market), QuantLib's display names and other spellings.
 */
const SPELLINGS: readonly (readonly [spelling: string, canonical: string])[] = [
  ...[...CANONICAL.keys()].map((name) => [name, name] as const),
  ...FAMILIES.filter((f) => f.markets[f.defaultMarket]).map(
    (f) => [f.country, canonicalName(f, f.defaultMarket)] as const,
  ),
  ...[...CANONICAL].map(([name, calendar]) => [calendar.name, name] as const),
  ...FAMILIES.flatMap((f) =>
    Object.entries(f.aliases ?? {})
      .filter(([, market]) => f.markets[market])
      .map(([spelling, market]) => [spelling, canonicalName(f, market)] as const),
  ),
]

/** normalized spelling (no case, no punctuation) → canonical name: the first spelling to claim it */
const ALIASES: ReadonlyMap<string, string> = new Map(
  [...SPELLINGS].reverse().map(([spelling, canonical]) => [normalize(spelling), canonical]),
)

/**
 * each spelling of the registry exactly as written → its calendar (what ALIASES answers for it), found without
 * normalizing
 */
const EXACT: ReadonlyMap<string, Calendar> = new Map(
  SPELLINGS.map(([spelling]) => [spelling, CANONICAL.get(ALIASES.get(normalize(spelling)) as string) as Calendar]),
)

/** Names accepted in stored terms, canonical first. */
export const SUPPORTED_CALENDARS: readonly string[] = [...CANONICAL.keys(), 'JointCalendar']

/** Every calendar of the registry (each once, in registry order). */
export const REGISTRY_CALENDARS: readonly Calendar[] = [...new Set(CANONICAL.values())]

/** Stored terms are JSON: a calendar that is not `{name, market?, calendars?}` is refused, never a TypeError. */
function checkShape(terms: unknown, field: string): asserts terms is CalendarTerms {
  const t = terms as Partial<Record<keyof CalendarTerms, unknown>> | null
  if (t === null || typeof t !== 'object' || Array.isArray(t))
    throw new QuantInputError(`${field}: a calendar is an object {name}, e.g. {"name": "TARGET"}`, field)
  if (typeof t.name !== 'string')
    throw new QuantInputError(`${field}.name: a calendar needs a name (a string such as TARGET)`, `${field}.name`)
  if (t.market !== undefined && typeof t.market !== 'string')
    throw new QuantInputError(`${field}.market: must be a string`, `${field}.market`)
  if (t.calendars !== undefined && !Array.isArray(t.calendars))
    throw new QuantInputError(`${field}.calendars: must be a list of calendars`, `${field}.calendars`)
}

/** The canonical name of a calendar spelling, or undefined. */
export function canonicalCalendarName(spelled: string): string | undefined {
  return ALIASES.get(normalize(spelled))
}

function unknownCalendar(spelled: string, field: string): never {
  const country = spelled.split(/::|\s/)[0]
  const markets = [...CANONICAL.keys()].filter((n) => normalize(n.split('::')[0]) === normalize(country))
  const hint = markets.length
    ? `${country}'s calendars are ${markets.join(', ')}`
    : `QuantLib 1.29's names are Country or Country::Market, e.g. TARGET, Japan, UnitedStates::GovernmentBond, ` +
      `Canada::Settlement; the classes are ${FAMILIES.filter((f) => Object.keys(f.markets).length)
        .map((f) => f.country)
        .join(', ')}`
  throw new QuantInputError(`${field}: unknown calendar '${spelled}' (${hint})`, field)
}

/**
 * The calendar of stored terms. Without a workspace: the registry's calendar, which evaluates its holiday rule on
 * each date (a joint calendar is built on each call and asks its members). With one: that calendar remembering
 * its answers in the workspace (time/workspace.ts), the same view for every call with the same workspace.
 */
export function calendarFromTerms(terms: CalendarTerms, field = 'calendar', workspace?: TimeWorkspace): Calendar {
  checkShape(terms, field)
  if (terms.calendars === undefined) {
    const known = EXACT.get(terms.market ? `${terms.name}::${terms.market}` : terms.name)
    if (known) return calendarIn(known, workspace)
  }
  if (normalize(terms.name) === 'jointcalendar') {
    const parts = terms.calendars ?? []
    if (parts.length < 2) throw new QuantInputError(`${field}: a JointCalendar needs at least two calendars`, field)
    const rule = (terms.rule ?? 'JoinHolidays') as JointCalendarRule
    if (rule !== 'JoinHolidays' && rule !== 'JoinBusinessDays')
      throw new QuantInputError(
        `${field}.rule: '${terms.rule}' is not JoinHolidays or JoinBusinessDays`,
        `${field}.rule`,
      )
    const members = parts.map((p, i) => calendarFromTerms(p, `${field}.calendars[${i}]`, workspace))
    if (workspace === undefined) return jointCalendar(members, rule)
    const key = `${rule}(${members.map((m) => m.name).join('|')})`
    let joint = workspace.jointCalendars.get(key)
    if (!joint) {
      joint = rememberingCalendar(jointCalendar(members, rule))
      if (workspace.jointCalendars.size < JOINT_CALENDARS_KEPT) workspace.jointCalendars.set(key, joint)
    }
    return joint
  }
  const spelled = terms.market ? `${terms.name}::${terms.market}` : terms.name
  const canonical = canonicalCalendarName(spelled)
  if (!canonical) unknownCalendar(spelled, field)
  return calendarIn(CANONICAL.get(canonical) as Calendar, workspace)
}
