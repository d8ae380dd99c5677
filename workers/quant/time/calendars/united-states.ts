/**
 * United States calendars (ql/time/calendars/unitedstates.cpp, QuantLib 1.29), one per market:
 *
 * Settlement: weekends; New Year's Day (Monday if Sunday, Friday if Saturday); Martin Luther King's birthday
 * (third Monday of January, since 1983); Presidents' Day (third Monday of February since 1971, February 22nd
 * before); Memorial Day (last Monday of May since 1971, May 30th before); Juneteenth (June 19th, moved, since
 * 2022); Independence Day (moved); Labor Day (first Monday of September); Columbus Day (second Monday of
 * October, since 1971); Veterans' Day (November 11th moved, fourth Monday of October 1971-1977); Thanksgiving
 * (fourth Thursday of November); Christmas (moved).
 * NYSE: weekends, New Year's Day (Monday if Sunday), MLK (since 1998), Presidents' Day, Good Friday, Memorial
 * Day, Juneteenth (since 2022), Independence Day, Labor Day, Thanksgiving, Christmas, presidential election
 * days (until 1980) and the exchange's special closings.
 * GovernmentBond (SIFMA): Settlement's holidays without the Saturday→Friday move of New Year and Veterans'
 * Day, plus Good Friday (except 2015, a half day) and special closings.
 * LiborImpact: Settlement, except that since 2015 Independence Day moved off a weekend (Friday July 3rd, Monday
 * July 5th) is a business day, as it did not close the Libor market.
 * NERC: weekends, New Year's Day, Memorial Day, Independence Day, Labor Day, Thanksgiving and Christmas, the
 * dated ones moved from Sunday to Monday only.
 * FederalReserve (Fedwire): Settlement's holidays, but a holiday on a Saturday is not moved to Friday.
 * SOFR: QuantLib 1.29 has no SOFR market; its Sofr index fixes on the GovernmentBond calendar, so "SOFR"
 * is that calendar here too.
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily, type DateParts } from '../calendar.ts'

const MON = 2
const TUE = 3
const WED = 4
const THU = 5
const FRI = 6

const isWeekend = (w: number) => w === 1 || w === 7
const mlk = ({ d, m, y, w }: DateParts) => d >= 15 && d <= 21 && w === MON && m === 1 && y >= 1983
const washington = ({ d, m, y, w }: DateParts) =>
  y >= 1971
    ? d >= 15 && d <= 21 && w === MON && m === 2
    : (d === 22 || (d === 23 && w === MON) || (d === 21 && w === FRI)) && m === 2
const memorial = ({ d, m, y, w }: DateParts) =>
  y >= 1971
    ? d >= 25 && w === MON && m === 5
    : (d === 30 || (d === 31 && w === MON) || (d === 29 && w === FRI)) && m === 5
const juneteenth = ({ d, m, y, w }: DateParts) =>
  (d === 19 || (d === 20 && w === MON) || (d === 18 && w === FRI)) && m === 6 && y >= 2022
const independence = ({ d, m, w }: DateParts) =>
  (d === 4 || (d === 5 && w === MON) || (d === 3 && w === FRI)) && m === 7
const labor = ({ d, m, w }: DateParts) => d <= 7 && w === MON && m === 9
const columbus = ({ d, m, y, w }: DateParts) => d >= 8 && d <= 14 && w === MON && m === 10 && y >= 1971
const veterans = ({ d, m, y, w }: DateParts) =>
  y <= 1970 || y >= 1978
    ? (d === 11 || (d === 12 && w === MON) || (d === 10 && w === FRI)) && m === 11
    : d >= 22 && d <= 28 && w === MON && m === 10
const veteransNoSaturday = ({ d, m, y, w }: DateParts) =>
  y <= 1970 || y >= 1978
    ? (d === 11 || (d === 12 && w === MON)) && m === 11
    : d >= 22 && d <= 28 && w === MON && m === 10
const thanksgiving = ({ d, m, w }: DateParts) => d >= 22 && d <= 28 && w === THU && m === 11
const christmas = ({ d, m, w }: DateParts) =>
  (d === 25 || (d === 26 && w === MON) || (d === 24 && w === FRI)) && m === 12
const newYearMonday = ({ d, m, w }: DateParts) => (d === 1 || (d === 2 && w === MON)) && m === 1
// the Sunday→Monday move alone, for the markets that do not close on the Friday before a Saturday holiday
const independenceMonday = ({ d, m, w }: DateParts) => (d === 4 || (d === 5 && w === MON)) && m === 7
const christmasMonday = ({ d, m, w }: DateParts) => (d === 25 || (d === 26 && w === MON)) && m === 12

function settlement(serial: number): boolean {
  const p = dateParts(serial)
  return !(
    isWeekend(p.w) ||
    newYearMonday(p) || // New Year's Day (Monday if Sunday)
    (p.d === 31 && p.w === FRI && p.m === 12) || // New Year's Day on a Saturday, observed Friday
    mlk(p) ||
    washington(p) ||
    memorial(p) ||
    juneteenth(p) ||
    independence(p) ||
    labor(p) ||
    columbus(p) ||
    veterans(p) ||
    thanksgiving(p) ||
    christmas(p)
  )
}

function liborImpact(serial: number): boolean {
  const { d, m, y, w } = dateParts(serial)
  // since 2015 Libor fixes on Independence Day's observed weekday when the 4th itself is a weekend day
  if (y >= 2015 && m === 7 && ((d === 5 && w === MON) || (d === 3 && w === FRI))) return true
  return settlement(serial)
}

function nerc(serial: number): boolean {
  const p = dateParts(serial)
  return !(
    isWeekend(p.w) ||
    newYearMonday(p) ||
    memorial(p) ||
    independenceMonday(p) ||
    labor(p) ||
    thanksgiving(p) ||
    christmasMonday(p)
  )
}

function federalReserve(serial: number): boolean {
  const p = dateParts(serial)
  return !(
    isWeekend(p.w) ||
    newYearMonday(p) ||
    mlk(p) ||
    washington(p) ||
    memorial(p) ||
    juneteenth(p) ||
    independenceMonday(p) ||
    labor(p) ||
    columbus(p) ||
    veteransNoSaturday(p) ||
    thanksgiving(p) ||
    christmasMonday(p)
  )
}

function nyse(serial: number): boolean {
  const p = dateParts(serial)
  const { d, m, y, w, dd } = p
  const em = easterMonday(y)
  if (
    isWeekend(w) ||
    newYearMonday(p) ||
    washington(p) ||
    dd === em - 3 || // Good Friday
    memorial(p) ||
    juneteenth(p) ||
    independence(p) ||
    labor(p) ||
    thanksgiving(p) ||
    christmas(p)
  )
    return false
  if (y >= 1998 && d >= 15 && d <= 21 && w === MON && m === 1) return false // Martin Luther King's birthday
  // presidential elections
  if ((y <= 1968 || (y <= 1980 && y % 4 === 0)) && m === 11 && d <= 7 && w === TUE) return false
  return !(
    (y === 2018 && m === 12 && d === 5) || // President Bush's funeral
    (y === 2012 && m === 10 && (d === 29 || d === 30)) || // Hurricane Sandy
    (y === 2007 && m === 1 && d === 2) || // President Ford's funeral
    (y === 2004 && m === 6 && d === 11) || // President Reagan's funeral
    (y === 2001 && m === 9 && d >= 11 && d <= 14) || // September 11-14, 2001
    (y === 1994 && m === 4 && d === 27) || // President Nixon's funeral
    (y === 1985 && m === 9 && d === 27) || // Hurricane Gloria
    (y === 1977 && m === 7 && d === 14) || // 1977 blackout
    (y === 1973 && m === 1 && d === 25) || // President Johnson's funeral
    (y === 1972 && m === 12 && d === 28) || // President Truman's funeral
    (y === 1969 && m === 7 && d === 21) || // lunar exploration day
    (y === 1969 && m === 3 && d === 31) || // President Eisenhower's funeral
    (y === 1969 && m === 2 && d === 10) || // heavy snow
    (y === 1968 && m === 7 && d === 5) || // day after Independence Day
    (y === 1968 && dd >= 163 && w === WED) || // paperwork crisis, Wednesdays from June 12th
    (y === 1968 && m === 4 && d === 9) || // mourning for Martin Luther King Jr.
    (y === 1963 && m === 11 && d === 25) || // President Kennedy's funeral
    (y === 1961 && m === 5 && d === 29) || // day before Decoration Day
    (y === 1958 && m === 12 && d === 26) || // day after Christmas
    ((y === 1954 || y === 1956 || y === 1965) && m === 12 && d === 24) // Christmas Eve
  )
}

function governmentBond(serial: number): boolean {
  const p = dateParts(serial)
  const { d, m, y, w, dd } = p
  const em = easterMonday(y)
  return !(
    isWeekend(w) ||
    newYearMonday(p) ||
    mlk(p) ||
    washington(p) ||
    (dd === em - 3 && y !== 2015) || // Good Friday (2015 was a half day)
    memorial(p) ||
    juneteenth(p) ||
    independence(p) ||
    labor(p) ||
    columbus(p) ||
    veteransNoSaturday(p) ||
    thanksgiving(p) ||
    christmas(p) ||
    (y === 2018 && m === 12 && d === 5) || // President Bush's funeral
    (y === 2012 && m === 10 && d === 30) || // Hurricane Sandy
    (y === 2004 && m === 6 && d === 11) // President Reagan's funeral
  )
}

const GOVERNMENT_BOND = ruleCalendar('US government bond market', governmentBond)

export const unitedStatesCalendars: Readonly<CalendarFamily> = {
  country: 'UnitedStates',
  markets: {
    Settlement: ruleCalendar('US settlement', settlement),
    NYSE: ruleCalendar('New York stock exchange', nyse),
    GovernmentBond: GOVERNMENT_BOND,
    SOFR: GOVERNMENT_BOND,
    NERC: ruleCalendar('North American Energy Reliability Council', nerc),
    LiborImpact: ruleCalendar('US with Libor impact', liborImpact),
    FederalReserve: ruleCalendar('Federal Reserve Bankwire System', federalReserve),
  },
  defaultMarket: 'Settlement',
  aliases: {
    US: 'Settlement',
    USSettlement: 'Settlement',
    USGovernmentBond: 'GovernmentBond',
    SIFMA: 'GovernmentBond',
  },
}
