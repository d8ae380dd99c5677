/**
 * Market data of a task as core objects: curves built from their nodes (cached by their content key), flat
 * curves for `with_yield`, and the floating index with its fixing history and projection curve.
 */
import type {
  TaskCurve,
  TaskCurveData,
  TaskCurveText,
  PricingTask,
  IndexConventions,
} from '../../src/contracts/pricing.ts'
import type { DateSerial } from '../quant/types.ts'
import { MissingCurveError, QuantInputError, require } from '../quant/errors.ts'
import { fromIso } from '../quant/time/date.ts'
import { calendarFromTerms } from '../quant/time/calendars/index.ts'
import { dayCounterFromCode, dayCountNeedsCalendar } from '../quant/time/daycounters/index.ts'
import { parseBusinessDayConvention } from '../quant/time/business-day-convention.ts'
import { parseFrequency, parsePeriod } from '../quant/time/period.ts'
import type { DayCounter } from '../quant/time/day-counter.ts'
import { buildCurve } from '../quant/curves/curve-from-nodes.ts'
import { FlatForward } from '../quant/curves/flat-forward.ts'
import type { Compounding } from '../quant/curves/interest-rate.ts'
import type { YieldTermStructure } from '../quant/curves/yield-term-structure.ts'
import type { IborIndex } from '../quant/indexes/ibor-index.ts'
import type { OptionletVolatility } from '../quant/cashflows/optionlet-pricer.ts'
import { zeroInflationCurve, type ZeroInflationIndex } from '../quant/indexes/zero-inflation-index.ts'
import { BoundedCache } from '../../src/caches/bounded-cache.ts'
import { parseJsonText } from '../../src/contracts/json-text.ts'
import { decodeFixings } from './fixing-set.ts'
import { timeCaches } from './rebuild-instrument.ts'

/** A curve built from its nodes, with the data it was built from (parsed once, for a carry to roll forward). */
interface BuiltCurve {
  curve: YieldTermStructure
  data: TaskCurveData
}

/** Curves of this worker built from nodes, by content key (bounded: see cache-report.ts). */
export const builtCurves = new BoundedCache<BuiltCurve>(256)

/**
 * Fixing histories of this worker, by content key: built once per key, shared by every index built on them, so
 * read-only (IborIndex.history is a ReadonlyMap: pricing code only looks dates up).
 */
export const fixingHistories = new BoundedCache<ReadonlyMap<DateSerial, number>>(64)
const NO_FIXINGS: ReadonlyMap<DateSerial, number> = new Map()

/**
 * A stored curve of the task, built once per content from its data, or from the text the main thread sends
 * (TaskCurveText).
 */
export function taskCurve(c: TaskCurve | TaskCurveText): YieldTermStructure {
  return builtCurve(c).curve
}

/** A task curve's data: that of its built curve (cached by key), so a carry reads no text again. */
export function taskCurveData(c: TaskCurve | TaskCurveText): TaskCurveData {
  return builtCurve(c).data
}

function builtCurve(c: TaskCurve | TaskCurveText): BuiltCurve {
  return builtCurves.getOrSet(c.cache_key, () => {
    const data: TaskCurveData = 'data' in c ? parseJsonText(c.data) : c
    return {
      curve: buildCurve({
        referenceDate: fromIso(data.reference_date, 'curve.reference_date'),
        nodes: data.nodes,
        building: data.building,
        workspace: timeCaches,
      }),
      data,
    }
  })
}

export function requiredCurve(
  task: Pick<PricingTask, 'curves'>,
  role: 'discount' | 'projection' | 'benchmark',
): YieldTermStructure {
  const c = task.curves[role]
  if (!c) throw new MissingCurveError(role)
  return taskCurve(c)
}

/**
 * `with_yield`: a flat curve at that yield from the valuation date (flat_compounding Compounded, flat_frequency Annual,
 * the bond's day count).
 */
export function flatYieldCurve(
  task: PricingTask,
  evaluationDate: DateSerial,
  dayCounter: DayCounter,
): YieldTermStructure | null {
  const y = task.parameters.with_yield
  if (y === undefined || y === null) return null
  const compounding: Compounding = task.parameters.flat_compounding ?? 'Compounded'
  const frequency = parseFrequency(task.parameters.flat_frequency ?? 'Annual', 'parameters.flat_frequency')
  return new FlatForward(evaluationDate, y, dayCounter, compounding, frequency)
}

/** The discount curve of a pricing: the flat with_yield curve, else the selected one. */
export function discountCurve(
  task: PricingTask,
  evaluationDate: DateSerial,
  dayCounter: DayCounter,
): YieldTermStructure {
  return flatYieldCurve(task, evaluationDate, dayCounter) ?? requiredCurve(task, 'discount')
}

export function floatingIndex(
  task: Pick<PricingTask, 'indexes' | 'fixings' | 'curves'>,
  indexUid: string,
  withProjection: boolean,
): IborIndex {
  const conventions: IndexConventions | undefined = task.indexes[indexUid]
  if (!conventions)
    throw new QuantInputError(`no conventions for floating-rate index ${indexUid}`, 'terms.floating_rate_index_uid')
  const { tenor: tenorText, fixing_days: fixingDays, calendar, day_count: dayCount } = conventions
  if (tenorText === undefined || fixingDays === undefined || calendar === undefined || dayCount === undefined)
    throw new QuantInputError(
      `index '${conventions.identifier}' has no tenor, fixing days, calendar or day count: it is not an Ibor or ` +
        'overnight index',
      'index.index_kind',
    )
  const fixings = task.fixings[conventions.identifier]
  const history = fixings ? fixingHistories.getOrSet(fixings.key, () => decodeFixings(fixings.buffer)) : NO_FIXINGS
  const tenor = parsePeriod(tenorText, 'index.tenor')
  // a zero or negative tenor forecasts over no period (QuantLib's forecastFixing then fails on every coupon)
  require(tenor.length > 0, () => `index.tenor: '${conventions.tenor}' is not a positive period`, 'index.tenor')
  const fixingCalendar = calendarFromTerms(
    calendar as unknown as Parameters<typeof calendarFromTerms>[0],
    'index.calendar',
    timeCaches,
  )
  const overnight = conventions.index_kind === 'overnight'
  if (overnight) {
    // QuantLib's OvernightIndex: one business day, fixed on its value date
    require(tenor.length === 1 && tenor.unit === 'Days', () =>
      `index.tenor: an overnight index has tenor 1D, not '${conventions.tenor}'`, 'index.tenor')
    require(conventions.fixing_days === 0, () =>
      `index.fixing_days: an overnight index has fixing_days 0, not ${conventions.fixing_days}`, 'index.fixing_days')
  }
  require(overnight || conventions.business_day_convention !== undefined, () =>
    'index.business_day_convention: required of an Ibor index', 'index.business_day_convention')
  require(overnight || conventions.end_of_month !== undefined, () =>
    'index.end_of_month: required of an Ibor index', 'index.end_of_month')
  return {
    name: conventions.identifier,
    tenor,
    fixingDays,
    fixingCalendar,
    // a Business/252 index counts the business days of its own calendar
    dayCounter: dayCounterFromCode(
      dayCount,
      { calendar: dayCountNeedsCalendar(dayCount) ? fixingCalendar : undefined, workspace: timeCaches },
      'index.day_count',
    ),
    convention: parseBusinessDayConvention(
      conventions.business_day_convention ?? 'Following',
      'index.business_day_convention',
    ),
    endOfMonth: conventions.end_of_month ?? false,
    history,
    forecastCurve: withProjection ? requiredCurve(task, 'projection') : null,
    overnight,
  }
}

/**
 * The task's optionlet volatility for a floater's capped, floored and in-arrears coupons (design §5.1), its reference
 * date the projection curve's; undefined: none selected (zero volatility).
 */
export function optionletVolatility(task: Pick<PricingTask, 'optionlet_volatility' | 'curves'>) {
  const v = task.optionlet_volatility
  if (v === undefined || task.curves.projection === undefined) return undefined
  const vol: OptionletVolatility = {
    type: v.type,
    volatility: v.volatility,
    shift: v.type === 'ShiftedLognormal' ? v.shift : 0,
    referenceDate: requiredCurve(task, 'projection').referenceDate,
  }
  return vol
}

/**
 * A CPI bond's index (design §4.2): its conventions (`index_kind: "inflation"`, Monthly), its CPI values and the
 * task's zero-inflation curve (design §5.1) to forecast the months not yet published.
 */
export function inflationIndex(
  task: Pick<PricingTask, 'indexes' | 'fixings' | 'inflation_curve'>,
  indexUid: string,
): ZeroInflationIndex {
  const conventions: IndexConventions | undefined = task.indexes[indexUid]
  if (!conventions)
    throw new QuantInputError(`no conventions for inflation index ${indexUid}`, 'terms.inflation_index_uid')
  if (conventions.index_kind !== 'inflation')
    throw new QuantInputError(
      `index '${conventions.identifier}' is not an inflation index (index_kind is not "inflation")`,
      'terms.inflation_index_uid',
    )
  if ((conventions.frequency ?? 'Monthly') !== 'Monthly')
    throw new QuantInputError(
      `index.frequency: only monthly inflation indexes are priced, not '${String(conventions.frequency)}'`,
      'index.frequency',
    )
  const fixings = task.fixings[conventions.identifier]
  const history = fixings ? fixingHistories.getOrSet(fixings.key, () => decodeFixings(fixings.buffer)) : NO_FIXINGS
  const c = task.inflation_curve
  // a few nodes, built with the instrument that reads them (cached by a key holding the curve's): no cache of its own
  const curve = c
    ? zeroInflationCurve(
        fromIso(c.reference_date, 'curves.inflation.reference_date'),
        dayCounterFromCode(c.day_counter, { workspace: timeCaches }, 'curves.inflation.day_counter'),
        parsePeriod(c.lag, 'curves.inflation.lag'),
        c.nodes.map((n) => fromIso(n.date, 'curves.inflation.nodes.date')),
        c.nodes.map((n) => n.rate),
      )
    : null
  return {
    name: conventions.identifier,
    availabilityLag: parsePeriod(conventions.availability_lag ?? '0M', 'index.availability_lag'),
    interpolated: conventions.interpolated === true,
    history,
    curve,
  }
}
