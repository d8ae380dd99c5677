/**
 * Day counters against QuantLib 1.29 (test/oracle/gen_daycounters.py): day counts exact, year fractions at 1e-15
 * relative, names equal QuantLib's, QuantInputError where QuantLib throws. Every supported code and every
 * Business/252 calendar of the fixture must have cases, and each convention's distinct branches must be reached.
 */
import t from 'tap'
import { loadFixture, closeRel } from '../../helpers/fixtures.ts'
import {
  dayCounterFromCode,
  dayCountNeedsCalendar,
  dayCountNeedsTerminationDate,
  SUPPORTED_DAY_COUNTS,
} from '../../../workers/quant/time/daycounters/index.ts'
import { calendarFromTerms } from '../../../workers/quant/time/calendars/index.ts'
import { businessDaysBetween, type Calendar } from '../../../workers/quant/time/calendar.ts'
import { MAX_SERIAL, MIN_SERIAL, fromYmd, isEndOfMonth, toYmd } from '../../../workers/quant/time/date.ts'

interface Case {
  code: string
  calendar?: string
  d1: number
  d2: number
  termination?: number
  ref_start?: number
  ref_end?: number
  day_count?: number
  year_fraction?: number
  error?: string
  ql_name: string
}

const fixture = loadFixture<Case>('daycounters')
const familyOf = (c: Case) => (c.calendar === undefined ? c.code : `${c.code}(${c.calendar})`)
const calendarNamed = (name: string): Calendar => calendarFromTerms({ name })

/** the conventions added after the first oracle, with the fewest cases each must have */
const NEW_FAMILIES: Record<string, number> = {
  Actual360_IncludeLastDay: 200,
  Actual364: 200,
  Actual36525: 200,
  Actual36525_IncludeLastDay: 200,
  Actual366: 200,
  Actual366_IncludeLastDay: 200,
  Actual365Fixed_Canadian: 800,
  Actual365Fixed_NoLeap: 400,
  Thirty360_EurobondBasis: 300,
  Thirty360_German: 600,
  Thirty365: 300,
  ActualActual_Historical: 300,
  ActualActual_Actual365: 300,
  ActualActual_Euro: 400,
  OneDayCounter: 200,
  SimpleDayCounter: 600,
  'Business252(TARGET)': 260,
  'Business252(UnitedStates::GovernmentBond)': 260,
  'Business252(NullCalendar)': 260,
  'Business252(Brazil::Settlement)': 260,
  'Business252(Brazil::Exchange)': 260,
}

t.test('every convention against the oracle', async (t) => {
  const failures: string[] = []
  const checked = new Map<string, number>()
  const errors = new Map<string, number>()
  // branches that must each be reached, or the oracle does not test them
  const branches = new Map<string, number>()
  const hit = (b: string) => branches.set(b, (branches.get(b) ?? 0) + 1)
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)

  for (const c of fixture.cases) {
    const family = familyOf(c)
    const dc = dayCounterFromCode(c.code, {
      terminationDate: c.termination,
      calendar: c.calendar === undefined ? undefined : calendarNamed(c.calendar),
    })
    if (dc.name !== c.ql_name) failures.push(`${family}: name ${dc.name} != ${c.ql_name}`)
    // QuantLib computed the count before the fraction threw: it is checked either way
    if (c.day_count !== undefined && dc.dayCount(c.d1, c.d2) !== c.day_count)
      failures.push(`${JSON.stringify(c)}: dayCount ${dc.dayCount(c.d1, c.d2)}`)
    if (c.error !== undefined) {
      bump(errors, family)
      try {
        dc.yearFraction(c.d1, c.d2, c.ref_start, c.ref_end)
        failures.push(`${JSON.stringify(c)}: QuantLib threw, we did not`)
      } catch (e) {
        const err = e as Error
        if (err.name !== 'QuantInputError') failures.push(`${JSON.stringify(c)}: untyped error ${err.message}`)
        // QuantLib's message up to its first quoted value
        else if (!err.message.startsWith(c.error.split(':')[0]))
          failures.push(`${JSON.stringify(c)}: message '${err.message}'`)
      }
      continue
    }
    bump(checked, family)
    const yf = dc.yearFraction(c.d1, c.d2, c.ref_start, c.ref_end)
    if (!closeRel(yf, c.year_fraction!, 1e-15))
      failures.push(`${JSON.stringify(c)}: yearFraction ${yf} != ${c.year_fraction}`)

    const a = toYmd(c.d1)
    const b = toYmd(c.d2)
    if (c.code === 'SimpleDayCounter' && c.d1 !== c.d2) {
      const wholeMonths =
        a.day === b.day || (a.day > b.day && isEndOfMonth(c.d2)) || (a.day < b.day && isEndOfMonth(c.d1))
      hit(wholeMonths ? 'Simple whole months' : 'Simple 30/360 fallback')
    }
    if (c.code === 'Actual365Fixed_Canadian' && c.d1 !== c.d2 && c.ref_start !== undefined && c.ref_end !== undefined) {
      const dcc = c.ref_end - c.ref_start
      const frequency = Math.trunc(12 / (Math.sign(dcc) * Math.round(Math.abs((12 * dcc) / 365))))
      const threshold = Math.trunc(365 / frequency)
      hit(
        dcc < 0
          ? 'Canadian reversed reference'
          : c.d2 - c.d1 < threshold
            ? 'Canadian actual/365'
            : 'Canadian 1/frequency less the rest',
      )
      if (dcc > 0 && c.d2 - c.d1 === threshold) hit('Canadian at 365/frequency days')
    }
    if (c.code === 'Actual365Fixed_NoLeap' && ((a.month === 2 && a.day === 29) || (b.month === 2 && b.day === 29)))
      hit('NoLeap 29 February')
    if (c.code === 'Thirty360_German' && c.termination === c.d2 && b.month === 2 && b.day >= 28 && isEndOfMonth(c.d2))
      hit('German termination at February end')
    if (c.code === 'OneDayCounter') hit(c.d2 >= c.d1 ? 'OneDay forward' : 'OneDay backward')
    if (c.code === 'Business252' && c.d1 !== c.d2) {
      if (c.d1 > c.d2) hit('Business252 backward')
      else if (a.year === b.year && a.month === b.month) hit('Business252 same month')
      else if (a.year === b.year) hit('Business252 same year')
      else hit(c.d2 - c.d1 > 7000 ? 'Business252 20+ years' : 'Business252 across years')
    }
  }

  const total = fixture.cases.length
  const errorCount = [...errors.values()].reduce((s, n) => s + n, 0)
  t.ok(total >= 14000, `${total} cases, ${errorCount} where QuantLib throws`)
  t.same(failures.slice(0, 15), [], `${failures.length} failures`)

  // every supported code is in the oracle, and each new family ran as many cases as generated
  const codesInFixture = new Set(fixture.cases.map((c) => c.code))
  t.same(
    SUPPORTED_DAY_COUNTS.filter((code) => !codesInFixture.has(code)),
    [],
    'every supported code has oracle cases',
  )
  const runs: Record<string, string> = {}
  for (const [family, least] of Object.entries(NEW_FAMILIES)) {
    const n = (checked.get(family) ?? 0) + (errors.get(family) ?? 0)
    runs[family] = `${checked.get(family) ?? 0}+${errors.get(family) ?? 0}`
    t.ok(
      n >= least && (checked.get(family) ?? 0) >= least * 0.8,
      `${family}: ${n} cases (${errors.get(family) ?? 0} errors)`,
    )
  }
  t.comment(`cases per new family (checked+errors): ${JSON.stringify(runs)}`)
  t.ok(
    (errors.get('Actual365Fixed_Canadian') ?? 0) >= 50,
    'Canadian: cases without or with too short a reference period throw',
  )
  const expected = [
    'Simple whole months',
    'Simple 30/360 fallback',
    'Canadian actual/365',
    'Canadian 1/frequency less the rest',
    'Canadian reversed reference',
    'Canadian at 365/frequency days',
    'NoLeap 29 February',
    'German termination at February end',
    'OneDay forward',
    'OneDay backward',
    'Business252 backward',
    'Business252 same month',
    'Business252 same year',
    'Business252 across years',
    'Business252 20+ years',
  ]
  for (const b of expected) t.ok((branches.get(b) ?? 0) >= 10, `${b}: ${branches.get(b) ?? 0} cases`)
})

t.test('codes and aliases', async (t) => {
  t.ok(SUPPORTED_DAY_COUNTS.includes('ActualActual_ISMA'))
  t.equal(dayCounterFromCode('Actual/360').name, 'Actual/360')
  t.equal(dayCounterFromCode('30/360').name, '30/360 (Bond Basis)')
  t.throws(() => dayCounterFromCode('Actual/999'), {
    name: 'QuantInputError',
    field: 'day_count',
    message: /unknown day count 'Actual\/999'/,
  })
  const target = calendarNamed('TARGET')
  // spelling -> QuantLib 1.29's name()
  const names: Record<string, string> = {
    Actual360_IncludeLastDay: 'Actual/360 (inc)',
    'Actual/360 (inc)': 'Actual/360 (inc)',
    Actual364: 'Actual/364',
    'ACT/364': 'Actual/364',
    Actual365Fixed_Canadian: 'Actual/365 (Fixed) Canadian Bond',
    'Actual/365 (Canadian)': 'Actual/365 (Fixed) Canadian Bond',
    Actual365Fixed_NoLeap: 'Actual/365 (No Leap)',
    'NL/365': 'Actual/365 (No Leap)',
    'Actual/365 (No Leap)': 'Actual/365 (No Leap)',
    Actual36525: 'Actual/365.25',
    'ACT/365.25': 'Actual/365.25',
    Actual36525_IncludeLastDay: 'Actual/365.25 (inc)',
    Actual366: 'Actual/366',
    'ACT/366': 'Actual/366',
    Actual366_IncludeLastDay: 'Actual/366 (inc)',
    ActualActual_Historical: 'Actual/Actual (ISDA)',
    'Actual/Actual (Historical)': 'Actual/Actual (ISDA)',
    ActualActual_Actual365: 'Actual/Actual (ISDA)',
    ActualActual_Euro: 'Actual/Actual (AFB)',
    'Actual/Actual (Euro)': 'Actual/Actual (AFB)',
    ActualActual_Bond: 'Actual/Actual (ISMA)',
    Thirty360_EurobondBasis: '30E/360 (Eurobond Basis)',
    '30E/360 (Eurobond Basis)': '30E/360 (Eurobond Basis)',
    Thirty360_German: '30E/360 (ISDA)',
    '30/360 (German)': '30E/360 (ISDA)',
    '30E/360 ISDA': '30E/360 (ISDA)',
    Thirty365: '30/365',
    '30/365': '30/365',
    OneDayCounter: '1/1',
    '1/1': '1/1',
    SimpleDayCounter: 'Simple',
    Simple: 'Simple',
  }
  for (const [spelling, name] of Object.entries(names)) t.equal(dayCounterFromCode(spelling).name, name, spelling)
  for (const spelling of ['Business252', 'BUS/252', 'Business/252'])
    t.equal(dayCounterFromCode(spelling, { calendar: target }).name, 'Business/252(TARGET)', spelling)
  t.ok(
    dayCountNeedsTerminationDate('30/360 (German)') &&
      dayCountNeedsTerminationDate('30E/360 ISDA') &&
      !dayCountNeedsTerminationDate('30E/360'),
  )
  t.ok(dayCountNeedsCalendar('BUS/252') && !dayCountNeedsCalendar('ACT/360'))
})

t.test('German takes the termination date as ISDA does', async (t) => {
  const feb28 = fromYmd(2027, 2, 28)
  const start = fromYmd(2026, 8, 31)
  t.equal(dayCounterFromCode('Thirty360_German').dayCount(start, feb28), 180, 'February end is the 30th')
  t.equal(
    dayCounterFromCode('Thirty360_German', { terminationDate: feb28 }).dayCount(start, feb28),
    178,
    'except at termination',
  )
})

t.test('Business252 needs a calendar and is memoized per calendar', async (t) => {
  t.throws(() => dayCounterFromCode('Business252', {}, 'terms.day_count'), {
    name: 'QuantInputError',
    field: 'terms.day_count',
    message: /^terms\.day_count: .*day_count_calendar/,
  })
  t.throws(() => dayCounterFromCode('BUS/252'), { name: 'QuantInputError', field: 'day_count' })
  const target = calendarNamed('TARGET')
  const nullCal = calendarNamed('NullCalendar')
  const a = dayCounterFromCode('Business252', { calendar: target })
  t.equal(dayCounterFromCode('Business252', { calendar: target }), a, 'same calendar, same counter')
  const b = dayCounterFromCode('Business252', { calendar: nullCal })
  t.not(b, a, 'another calendar, another counter')
  t.equal(b.name, 'Business/252(Null)')
  t.equal(a.name, 'Business/252(TARGET)')
})

t.test('Business252 equals businessDaysBetween at any span, up to the ends of the date range', async (t) => {
  const calendars = ['TARGET', 'UnitedStates::GovernmentBond', 'UnitedKingdom::Exchange', 'Japan', 'NullCalendar'].map(
    calendarNamed,
  )
  let seed = 7
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647
  const pairs: [number, number][] = [
    [MIN_SERIAL, MAX_SERIAL],
    [MAX_SERIAL, MIN_SERIAL],
    [MAX_SERIAL - 40, MAX_SERIAL],
    [MAX_SERIAL, MAX_SERIAL - 400],
    [MIN_SERIAL, MIN_SERIAL + 400],
  ]
  for (let i = 0; i < 150; i++) {
    const d1 = MIN_SERIAL + Math.floor(next() * (MAX_SERIAL - MIN_SERIAL))
    const span = Math.floor(next() * [40, 800, 20000][i % 3])
    const d2 = Math.min(MAX_SERIAL, Math.max(MIN_SERIAL, d1 + (next() < 0.3 ? -span : span)))
    pairs.push([d1, d2])
  }
  const failures: string[] = []
  for (const cal of calendars) {
    const dc = dayCounterFromCode('Business252', { calendar: cal })
    for (const [d1, d2] of pairs) {
      const expected = businessDaysBetween(cal, d1, d2)
      if (dc.dayCount(d1, d2) !== expected)
        failures.push(`${cal.name} ${d1}..${d2}: ${dc.dayCount(d1, d2)} != ${expected}`)
    }
  }
  t.same(failures.slice(0, 10), [], `${pairs.length * calendars.length} pairs`)
})

t.test('Canadian past a year of reference period is refused (QuantLib divides by zero)', async (t) => {
  const dc = dayCounterFromCode('Actual365Fixed_Canadian')
  const d1 = fromYmd(2025, 1, 15)
  t.throws(() => dc.yearFraction(d1, d1 + 100, d1, d1 + 400), { name: 'QuantInputError', message: /at most a year/ })
  t.equal(dc.yearFraction(d1, d1, undefined, undefined), 0, 'equal dates need no reference period, as in QuantLib')
})
