/**
 * Writes demo-bundle.json: a small but realistic market (USD and EUR curves on two observation dates, two years of
 * fixings, indexes with conventions, one market-data set with every binding and curve-selection role the pricer
 * needs) and two bonds of each of the six classes, plus categories, portfolios, a group, an account with
 * holdings, a virtual fund and a calendar. Deterministic: run `npx tsx src/db/demo/build-demo-bundle.ts`.
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { demoUid } from './demo-ids.ts'

const uid = demoUid

const OBSERVATION_DATES = ['2026-11-19', '2026-11-20']
/** Weekdays of curve history before them (historical VaR, P&L explain and series on the demo) */
const HISTORY_DATES = businessDays('2026-08-24', '2026-11-18')
const TENOR_DAYS = [1, 7, 30, 91, 182, 365, 730, 1095, 1826, 2557, 3652, 5479, 7305, 10957]

/** A smooth Nelson-Siegel zero curve, shifted a little per observation date. */
function nelsonSiegel(b0: number, b1: number, b2: number, tau: number, shift: number) {
  return TENOR_DAYS.map((d) => {
    const t = d / 365
    const x = t / tau
    const f = (1 - Math.exp(-x)) / x
    return { days_to_maturity: d, zero: Number((b0 + b1 * f + b2 * (f - Math.exp(-x)) + shift).toFixed(6)) }
  })
}

function businessDays(from: string, to: string): string[] {
  const out: string[] = []
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const w = d.getUTCDay()
    if (w !== 0 && w !== 6) out.push(d.toISOString().slice(0, 10))
  }
  return out
}

/** A gently drifting fixing history (deterministic). */
function fixingHistory(start: number, end: number, wobble: number) {
  const days = businessDays('2023-06-01', '2026-11-20')
  return days.map((date, i) => {
    const t = i / (days.length - 1)
    return { date, rate: Number((start + (end - start) * t + wobble * Math.sin(i / 9)).toFixed(6)) }
  })
}

/** Monthly CPI values dated the first of their month, June 2023 to October 2026 (deterministic). */
function cpiHistory(start: number, growth: number) {
  const out: { date: string; rate: number }[] = []
  for (let i = 0; i < 41; i++) {
    const month = new Date(Date.UTC(2023, 5 + i, 1)).toISOString().slice(0, 10)
    out.push({
      date: month,
      rate: Number((start * (1 + growth) ** (i / 12) * (1 + 0.0015 * Math.sin(i / 2))).toFixed(3)),
    })
  }
  return out
}
const usCpiHistory = cpiHistory(303.8, 0.031)
const ukRpiHistory = cpiHistory(360.4, 0.036)
const cpiOn = (history: { date: string; rate: number }[], month: string) => history.find((f) => f.date === month)!.rate

// ------------------------------------------------------------------ reference data
const ix = {
  sofr3m: uid('index:USD-TERM-SOFR-3M'),
  euribor6m: uid('index:EUR-EURIBOR-6M'),
  ust: uid('index:USD-UST-BENCHMARK'),
  bund: uid('index:EUR-BUND-BENCHMARK'),
  fiIndex: uid('index:DEMO-FI-COMPOSITE'),
  sofr: uid('index:USD-SOFR-1D'),
  estr: uid('index:EUR-ESTR-1D'),
  euribor3m: uid('index:EUR-EURIBOR-3M'),
  usdCredit: uid('index:USD-CREDIT-BENCHMARK'),
  usCpi: uid('index:USD-CPI-U'),
  ukRpi: uid('index:GBP-RPI'),
  gilt: uid('index:GBP-GILT-BENCHMARK'),
}
const US_BONDS = { name: 'UnitedStates::GovernmentBond' }
const US_SETTLEMENT = { name: 'UnitedStates::Settlement' }
const TARGET = { name: 'TARGET' }

const indexes = [
  {
    uid: ix.sofr3m,
    unique_identifier: 'USD-TERM-SOFR-3M',
    index_type: 'interest_rate',
    display_name: 'USD Term SOFR 3M',
    description: 'Three-month term SOFR',
    value_format: 'decimal',
    convention: {
      index_family: 'TermSOFR',
      source: 'demo',
      convention_dump: {
        tenor: '3M',
        fixing_days: 2,
        calendar: US_SETTLEMENT,
        day_count: 'Actual360',
        business_day_convention: 'ModifiedFollowing',
        end_of_month: false,
        currency: 'USD',
      },
    },
  },
  {
    uid: ix.euribor6m,
    unique_identifier: 'EUR-EURIBOR-6M',
    index_type: 'interest_rate',
    display_name: 'Euribor 6M',
    description: 'Six-month Euribor',
    value_format: 'decimal',
    convention: {
      index_family: 'Euribor',
      source: 'demo',
      convention_dump: {
        tenor: '6M',
        fixing_days: 2,
        calendar: TARGET,
        day_count: 'Actual360',
        business_day_convention: 'ModifiedFollowing',
        end_of_month: true,
        currency: 'EUR',
      },
    },
  },
  // overnight indexes (design §4.2): their floaters compound daily fixings
  {
    uid: ix.sofr,
    unique_identifier: 'USD-SOFR-1D',
    index_type: 'interest_rate',
    display_name: 'SOFR',
    description: 'Secured Overnight Financing Rate',
    value_format: 'decimal',
    convention: {
      index_family: 'SOFR',
      source: 'demo',
      convention_dump: {
        index_kind: 'overnight',
        tenor: '1D',
        fixing_days: 0,
        calendar: { name: 'UnitedStates::SOFR' },
        day_count: 'Actual360',
        currency: 'USD',
      },
    },
  },
  {
    uid: ix.estr,
    unique_identifier: 'EUR-ESTR-1D',
    index_type: 'interest_rate',
    display_name: '€STR',
    description: 'Euro short-term rate',
    value_format: 'decimal',
    convention: {
      index_family: 'ESTR',
      source: 'demo',
      convention_dump: {
        index_kind: 'overnight',
        tenor: '1D',
        fixing_days: 0,
        calendar: TARGET,
        day_count: 'Actual360',
        currency: 'EUR',
      },
    },
  },
  {
    uid: ix.euribor3m,
    unique_identifier: 'EUR-EURIBOR-3M',
    index_type: 'interest_rate',
    display_name: 'Euribor 3M',
    description: 'Three-month Euribor (its caplets have a volatility in the default set)',
    value_format: 'decimal',
    convention: {
      index_family: 'Euribor',
      source: 'demo',
      convention_dump: {
        tenor: '3M',
        fixing_days: 2,
        calendar: TARGET,
        day_count: 'Actual360',
        business_day_convention: 'ModifiedFollowing',
        end_of_month: false,
        currency: 'EUR',
      },
    },
  },
  {
    uid: ix.usdCredit,
    unique_identifier: 'USD-CREDIT-BENCHMARK',
    index_type: 'benchmark',
    display_name: 'USD credit benchmark',
    description: 'Selector of the SOFR OIS curve and a Hull-White model of its own for USD callables',
  },
  // inflation indexes (design §4.2): monthly CPI values, forecast on a zero-inflation curve
  ...(
    [
      [ix.usCpi, 'USD-CPI-U', 'US CPI-U (NSA)', 'US consumer price index for all urban consumers', 'US', 'USD'],
      [ix.ukRpi, 'GBP-RPI', 'UK RPI', 'UK retail price index', 'UK', 'GBP'],
    ] as const
  ).map(([indexUid, id, name, description, region, currency]) => ({
    uid: indexUid,
    unique_identifier: id,
    index_type: 'inflation',
    display_name: name,
    description,
    value_format: 'decimal',
    convention: {
      index_family: id.slice(4),
      source: 'demo',
      convention_dump: {
        index_kind: 'inflation',
        region,
        frequency: 'Monthly',
        availability_lag: '1M',
        revised: false,
        interpolated: false,
        currency,
      },
    },
  })),
  {
    uid: ix.gilt,
    unique_identifier: 'GBP-GILT-BENCHMARK',
    index_type: 'benchmark',
    display_name: 'UK gilt benchmark',
    description: 'Selector of the gilt discount curve',
  },
  {
    uid: ix.ust,
    unique_identifier: 'USD-UST-BENCHMARK',
    index_type: 'benchmark',
    display_name: 'US Treasury benchmark',
    description: 'Selector of the US Treasury discount curve',
  },
  {
    uid: ix.bund,
    unique_identifier: 'EUR-BUND-BENCHMARK',
    index_type: 'benchmark',
    display_name: 'German Bund benchmark',
    description: 'Selector of the Bund discount curve',
  },
  {
    uid: ix.fiIndex,
    unique_identifier: 'DEMO-FI-COMPOSITE',
    index_type: 'portfolio',
    display_name: 'Demo fixed-income composite',
    description: 'Index published by the core portfolio',
  },
]

const nodes = { curves: uid('node:discount_curves_eod'), fixings: uid('node:fixing_rates_eod') }
const data_nodes = [
  {
    uid: nodes.curves,
    storage_table_identifier: 'discount_curves_eod',
    kind: 'discount_curves',
    description: 'End-of-day zero curves',
  },
  {
    uid: nodes.fixings,
    storage_table_identifier: 'fixing_rates_eod',
    kind: 'fixing_rates',
    description: 'End-of-day index fixings',
  },
]

interface CurveSpec {
  id: string
  name: string
  type: string
  ccy: string
  interp: string
  comp: string
  freq: string
  dc: string
  cal: object
  ns: [number, number, number, number]
}
const curveSpecs: CurveSpec[] = [
  {
    id: 'USD-UST-ZERO',
    name: 'US Treasury zero curve',
    type: 'discount',
    ccy: 'USD',
    interp: 'linear_zero',
    comp: 'Compounded',
    freq: 'Semiannual',
    dc: 'ActualActual_ISDA',
    cal: US_BONDS,
    ns: [0.0435, -0.0045, 0.006, 2.5],
  },
  {
    id: 'USD-SOFR-OIS',
    name: 'USD SOFR OIS discount curve',
    type: 'discount',
    ccy: 'USD',
    interp: 'log_linear_discount',
    comp: 'Continuous',
    freq: 'NoFrequency',
    dc: 'Actual365Fixed',
    cal: US_SETTLEMENT,
    ns: [0.0405, -0.0035, 0.004, 2.0],
  },
  {
    id: 'USD-TERM-SOFR-3M-PROJ',
    name: 'USD Term SOFR 3M projection curve',
    type: 'projection',
    ccy: 'USD',
    interp: 'monotone_cubic_zero',
    comp: 'Continuous',
    freq: 'NoFrequency',
    dc: 'Actual365Fixed',
    cal: US_SETTLEMENT,
    ns: [0.0415, -0.003, 0.0045, 2.2],
  },
  {
    id: 'EUR-BUND-ZERO',
    name: 'German Bund zero curve',
    type: 'discount',
    ccy: 'EUR',
    interp: 'natural_cubic_zero',
    comp: 'Compounded',
    freq: 'Annual',
    dc: 'ActualActual_ISDA',
    cal: TARGET,
    ns: [0.0285, -0.0075, 0.004, 3.0],
  },
  {
    id: 'EUR-ESTR-OIS',
    name: 'EUR ESTR OIS discount curve',
    type: 'discount',
    ccy: 'EUR',
    interp: 'log_cubic_discount',
    comp: 'Continuous',
    freq: 'NoFrequency',
    dc: 'Actual365Fixed',
    cal: TARGET,
    ns: [0.0265, -0.0065, 0.003, 2.5],
  },
  {
    id: 'GBP-GILT-ZERO',
    name: 'UK gilt zero curve',
    type: 'discount',
    ccy: 'GBP',
    interp: 'monotone_cubic_zero',
    comp: 'Continuous',
    freq: 'NoFrequency',
    dc: 'Actual365Fixed',
    cal: { name: 'UnitedKingdom::Settlement' },
    ns: [0.0435, -0.0045, 0.004, 3.0],
  },
  {
    id: 'EUR-EURIBOR-6M-PROJ',
    name: 'Euribor 6M projection curve',
    type: 'projection',
    ccy: 'EUR',
    interp: 'cubic_zero',
    comp: 'Continuous',
    freq: 'NoFrequency',
    dc: 'Actual365Fixed',
    cal: TARGET,
    ns: [0.0282, -0.0058, 0.0035, 2.5],
  },
]
const curveUid = (id: string) => uid(`curve:${id}`)
const curves: Record<string, unknown>[] = curveSpecs.map((c) => ({
  uid: curveUid(c.id),
  unique_identifier: c.id,
  display_name: c.name,
  curve_type: c.type,
  currency_code: c.ccy,
  quote_side: 'mid',
  source: 'demo',
  metadata_json: { description: c.name },
  building_details: {
    quote_convention: 'zero',
    rate_unit: 'decimal',
    compounding: c.comp,
    frequency: c.freq,
    day_counter: c.dc,
    calendar: c.cal,
    interpolation_method: c.interp,
    extrapolation: true,
  },
}))
// zero-inflation curves (design §5.1): dated rates, the first in the month of the observation less the lag
const inflationCurves = [
  { id: 'USD-CPI-ZC', name: 'US CPI zero-coupon inflation curve', ccy: 'USD', base: 0.0285, long: 0.0245 },
  { id: 'GBP-RPI-ZC', name: 'UK RPI zero-coupon inflation curve', ccy: 'GBP', base: 0.0335, long: 0.031 },
]
curves.push(
  ...inflationCurves.map((c) => ({
    uid: curveUid(c.id),
    unique_identifier: c.id,
    display_name: c.name,
    curve_type: 'zero_inflation',
    currency_code: c.ccy,
    quote_side: 'mid',
    source: 'demo',
    metadata_json: { description: c.name },
  })),
)
/** The month start of a date less three months: an inflation observation's base month (its lag is 3M). */
const baseMonth = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 3, 1)).toISOString().slice(0, 10)
}
const inflationObservations = inflationCurves.flatMap((c, ci) =>
  [
    ...historyWalk(ci + 20).map(([level], j) => [HISTORY_DATES[j], level / 2] as const),
    ...OBSERVATION_DATES.map((date) => [date, 0] as const),
  ].map(([date, move]) => ({
    data_node_uid: nodes.curves,
    curve_identifier: c.id,
    time_index: `${date}T00:00:00Z`,
    lag: '3M',
    day_counter: 'Actual365Fixed',
    nodes: [
      { date: baseMonth(date), rate: Number((c.base + move).toFixed(6)) },
      ...[1, 2, 3, 5, 7, 10, 15, 20, 30].map((y) => ({
        date: `${2026 + y}-11-20`,
        rate: Number((c.long + (c.base - c.long) * Math.exp(-y / 3) + move).toFixed(6)),
      })),
    ],
  })),
)

/**
 * The history's level and slope moves, walking back from 2026-11-19 (deterministic, a few basis points a day, each
 * curve its own): [level, slope] on each history date, oldest first.
 */
function historyWalk(c: number): [number, number][] {
  const out: [number, number][] = []
  let level = -0.0004
  let slope = 0
  for (let k = 1; k <= HISTORY_DATES.length; k++) {
    level -= 0.0003 * Math.sin(k * 1.7 + c) + 0.00012 * Math.cos(k * 0.37 + 2 * c)
    slope -= 0.00015 * Math.sin(k * 2.3 + 3 * c)
    out.push([level, slope])
  }
  return out.reverse()
}

const curve_observations = curveSpecs.flatMap((c, ci) =>
  [
    ...historyWalk(ci).map(([level, slope], j) => [HISTORY_DATES[j], level, slope] as const),
    ...OBSERVATION_DATES.map((date, i) => [date, (i - 1) * 0.0004, 0] as const),
  ].map(([date, level, slope]) => ({
    data_node_uid: nodes.curves,
    curve_identifier: c.id,
    time_index: `${date}T00:00:00Z`,
    nodes: nelsonSiegel(c.ns[0], c.ns[1] + slope, c.ns[2], c.ns[3], level),
    key_nodes: [
      {
        maturity_date: null,
        tenor: '2Y',
        quote: c.ns[0] - 0.002,
        quote_type: 'zero',
        quote_unit: 'decimal',
        quote_side: 'mid',
      },
      {
        maturity_date: null,
        tenor: '10Y',
        quote: c.ns[0],
        quote_type: 'zero',
        quote_unit: 'decimal',
        quote_side: 'mid',
      },
    ],
  })),
)
const fixings = [
  {
    data_node_uid: nodes.fixings,
    index_identifier: 'USD-TERM-SOFR-3M',
    fixings: fixingHistory(0.0531, 0.0391, 0.0004),
  },
  { data_node_uid: nodes.fixings, index_identifier: 'EUR-EURIBOR-6M', fixings: fixingHistory(0.0395, 0.0227, 0.0003) },
  { data_node_uid: nodes.fixings, index_identifier: 'USD-SOFR-1D', fixings: fixingHistory(0.0531, 0.0387, 0.0002) },
  { data_node_uid: nodes.fixings, index_identifier: 'EUR-ESTR-1D', fixings: fixingHistory(0.039, 0.0193, 0.0001) },
  { data_node_uid: nodes.fixings, index_identifier: 'EUR-EURIBOR-3M', fixings: fixingHistory(0.038, 0.0205, 0.0003) },
  { data_node_uid: nodes.fixings, index_identifier: 'USD-CPI-U', fixings: usCpiHistory },
  { data_node_uid: nodes.fixings, index_identifier: 'GBP-RPI', fixings: ukRpiHistory },
]

// model inputs as market data (design §5.1), on indexes of their own so the other demo bonds price as before
const market_parameters = [
  {
    uid: uid('parameter:EUR-EURIBOR-3M-VOL'),
    unique_identifier: 'EUR-EURIBOR-3M-NORMAL-VOL',
    display_name: 'Euribor 3M caplet volatility (normal, 65 bp)',
    kind: 'optionlet_vol',
    parameters: { type: 'Normal', volatility: 0.0065 },
  },
  {
    uid: uid('parameter:USD-CREDIT-HW'),
    unique_identifier: 'USD-CREDIT-HULL-WHITE',
    display_name: 'USD credit callables: Hull-White a 5%, sigma 1.2%',
    kind: 'short_rate_model',
    parameters: { model: 'HullWhite', a: 0.05, sigma: 0.012, tree_steps: 60 },
  },
]

const sel = (role: string, index: string, side: string, curve: string) => ({
  role_key: role,
  selector_type: 'index',
  selector_key: index,
  quote_side: side,
  curve_uid: curveUid(curve),
  source: 'demo',
})
const market_data_sets = [
  {
    uid: uid('set:default'),
    set_key: 'default',
    display_name: 'Default end-of-day market data',
    description: 'Demo EOD curves and fixings',
    status: 'ACTIVE',
    bindings: [
      {
        uid: uid('binding:default:discount_curves'),
        concept_key: 'discount_curves',
        data_node_uid: nodes.curves,
        storage_table_identifier: 'discount_curves_eod',
        source: 'demo',
      },
      {
        uid: uid('binding:default:fixing_rates'),
        concept_key: 'fixing_rates',
        data_node_uid: nodes.fixings,
        storage_table_identifier: 'fixing_rates_eod',
        source: 'demo',
      },
    ],
    curve_selections: [
      sel('discount', ix.ust, 'mid', 'USD-UST-ZERO'),
      sel('z_spread_base', ix.ust, 'mid', 'USD-UST-ZERO'),
      sel('discount', ix.bund, 'mid', 'EUR-BUND-ZERO'),
      sel('z_spread_base', ix.bund, 'mid', 'EUR-BUND-ZERO'),
      sel('projection', ix.sofr3m, 'mid', 'USD-TERM-SOFR-3M-PROJ'),
      sel('discount', ix.sofr3m, 'mid', 'USD-SOFR-OIS'),
      sel('projection', ix.euribor6m, 'mid', 'EUR-EURIBOR-6M-PROJ'),
      sel('discount', ix.euribor6m, 'mid', 'EUR-ESTR-OIS'),
      sel('projection', ix.sofr, 'mid', 'USD-SOFR-OIS'),
      sel('discount', ix.sofr, 'mid', 'USD-SOFR-OIS'),
      sel('projection', ix.estr, 'mid', 'EUR-ESTR-OIS'),
      sel('discount', ix.estr, 'mid', 'EUR-ESTR-OIS'),
      sel('projection', ix.euribor3m, 'mid', 'EUR-EURIBOR-6M-PROJ'),
      sel('discount', ix.euribor3m, 'mid', 'EUR-ESTR-OIS'),
      sel('discount', ix.usdCredit, 'mid', 'USD-SOFR-OIS'),
      sel('z_spread_base', ix.usdCredit, 'mid', 'USD-SOFR-OIS'),
      sel('discount', ix.gilt, 'mid', 'GBP-GILT-ZERO'),
      sel('z_spread_base', ix.gilt, 'mid', 'GBP-GILT-ZERO'),
      sel('inflation', ix.usCpi, 'mid', 'USD-CPI-ZC'),
      sel('inflation', ix.ukRpi, 'mid', 'GBP-RPI-ZC'),
    ],
    parameter_selections: [
      {
        role_key: 'optionlet_vol',
        selector_key: ix.euribor3m,
        quote_side: 'mid',
        parameter_uid: uid('parameter:EUR-EURIBOR-3M-VOL'),
      },
      {
        role_key: 'short_rate_model',
        selector_key: ix.usdCredit,
        quote_side: 'mid',
        parameter_uid: uid('parameter:USD-CREDIT-HW'),
      },
    ],
  },
]

// ------------------------------------------------------------------ bonds (design §4 terms)
const usd = {
  day_count: 'ActualActual_Bond',
  calendar: US_BONDS,
  business_day_convention: 'Following',
  settlement_days: 1,
  schedule: null,
  benchmark_rate_index_uid: ix.ust,
}
const eur = {
  day_count: 'ActualActual_ISMA',
  calendar: TARGET,
  business_day_convention: 'Following',
  settlement_days: 2,
  schedule: null,
  benchmark_rate_index_uid: ix.bund,
}

function amortizingNotionals(face: number, periods: number, firstAmortizing: number): number[] {
  const step = face / (periods - firstAmortizing + 1)
  return Array.from({ length: periods }, (_, i) =>
    Number((i < firstAmortizing ? face : face - step * (i - firstAmortizing + 1)).toFixed(2)),
  )
}

interface Bond {
  id: string
  name: string
  type: string
  ccy: string
  isin: string
  sector: string
  dump: Record<string, unknown>
}
const bonds: Bond[] = [
  {
    id: 'UST-4.25-2031-11-15',
    name: 'US Treasury 4.25% 15-Nov-2031',
    type: 'FixedRateBond',
    ccy: 'USD',
    isin: 'US91282CLZ21',
    sector: 'Govt',
    dump: {
      ...usd,
      face_value: 100,
      issue_date: '2021-11-15',
      maturity_date: '2031-11-15',
      coupon_frequency: '6M',
      coupon_rate: 0.0425,
      redemption: 100,
    },
  },
  {
    id: 'DBR-2.5-2035-02-15',
    name: 'Bundesrepublik 2.5% 15-Feb-2035',
    type: 'FixedRateBond',
    ccy: 'EUR',
    isin: 'DE000BU2Z031',
    sector: 'Govt',
    dump: {
      ...eur,
      face_value: 1000,
      issue_date: '2025-02-15',
      maturity_date: '2035-02-15',
      coupon_frequency: '1Y',
      coupon_rate: 0.025,
      redemption: 100,
    },
  },
  {
    id: 'ACME-5.0-2034-06-01-CALL',
    name: 'Acme Corp 5% 01-Jun-2034 callable',
    type: 'CallableFixedRateBond',
    ccy: 'USD',
    isin: 'US000ACME349',
    sector: 'Corp',
    dump: {
      ...usd,
      day_count: 'Thirty360_BondBasis',
      face_value: 100,
      issue_date: '2024-06-01',
      maturity_date: '2034-06-01',
      coupon_frequency: '6M',
      coupon_rate: 0.05,
      redemption: 100,
      callability: [2029, 2030, 2031, 2032, 2033].map((y, i) => ({
        date: `${y}-06-01`,
        type: 'Call',
        price: 102 - 0.5 * i,
        price_type: 'Clean',
      })),
    },
  },
  {
    id: 'EUROCORP-3.75-2032-09-15-CALL',
    name: 'EuroCorp 3.75% 15-Sep-2032 callable',
    type: 'CallableFixedRateBond',
    ccy: 'EUR',
    isin: 'XS0000EC3752',
    sector: 'Corp',
    dump: {
      ...eur,
      face_value: 100000,
      issue_date: '2025-09-15',
      maturity_date: '2032-09-15',
      coupon_frequency: '1Y',
      coupon_rate: 0.0375,
      redemption: 100,
      callability: [
        { date: '2028-09-15', type: 'Call', price: 100, price_type: 'Clean' },
        { date: '2030-09-15', type: 'Call', price: 100, price_type: 'Clean' },
      ],
    },
  },
  {
    id: 'MUNI-4.5-2030-06-15-SINK',
    name: 'Metro Water 4.5% 15-Jun-2030 sinking fund',
    type: 'AmortizingFixedRateBond',
    ccy: 'USD',
    isin: 'US000MW45300',
    sector: 'Muni',
    dump: {
      ...usd,
      face_value: 100,
      issue_date: '2025-06-15',
      maturity_date: '2030-06-15',
      coupon_frequency: '6M',
      coupon_rate: 0.045,
      redemption: 100,
      amortization: { notionals: amortizingNotionals(100, 10, 4), payment_lag: 0 },
    },
  },
  {
    id: 'EUROLEASE-3.0-2029-03-20-AMORT',
    name: 'EuroLease ABS 3% 20-Mar-2029 amortizing',
    type: 'AmortizingFixedRateBond',
    ccy: 'EUR',
    isin: 'XS000EL30290',
    sector: 'Mtge',
    dump: {
      ...eur,
      face_value: 500000,
      issue_date: '2025-03-20',
      maturity_date: '2029-03-20',
      coupon_frequency: '3M',
      coupon_rate: 0.03,
      redemption: 100,
      amortization: { notionals: amortizingNotionals(500000, 16, 2), payment_lag: 0 },
    },
  },
  {
    id: 'UST-STRIP-2036-02-15',
    name: 'US Treasury STRIP 15-Feb-2036',
    type: 'ZeroCouponBond',
    ccy: 'USD',
    isin: 'US912834ZS73',
    sector: 'Govt',
    dump: { ...usd, face_value: 100, issue_date: '2021-02-15', maturity_date: '2036-02-15', redemption_pct: 100 },
  },
  {
    id: 'BUBILL-ZERO-2030-05-29',
    name: 'Bund zero 29-May-2030',
    type: 'ZeroCouponBond',
    ccy: 'EUR',
    isin: 'DE000BU0Z300',
    sector: 'Govt',
    dump: { ...eur, face_value: 1000, issue_date: '2025-05-29', maturity_date: '2030-05-29', redemption_pct: 100 },
  },
  {
    id: 'BANKCO-FRN-SOFR-2029-03-20',
    name: 'BankCo FRN SOFR3M+85 20-Mar-2029',
    type: 'FloatingRateBond',
    ccy: 'USD',
    isin: 'US000BKFRN29',
    sector: 'Corp',
    dump: {
      ...usd,
      day_count: 'Actual360',
      calendar: US_SETTLEMENT,
      business_day_convention: 'ModifiedFollowing',
      settlement_days: 2,
      face_value: 100,
      issue_date: '2024-03-20',
      maturity_date: '2029-03-20',
      coupon_frequency: '3M',
      floating_rate_index_uid: ix.sofr3m,
      spread: 0.0085,
      fixing_days: 2,
      redemption: 100,
    },
  },
  {
    id: 'EIB-FRN-EURIBOR-2031-04-15',
    name: 'EuroBank FRN E6M+60 floored 15-Apr-2031',
    type: 'FloatingRateBond',
    ccy: 'EUR',
    isin: 'XS000EIBF318',
    sector: 'Corp',
    dump: {
      ...eur,
      day_count: 'Actual360',
      business_day_convention: 'ModifiedFollowing',
      face_value: 1000,
      issue_date: '2025-04-15',
      maturity_date: '2031-04-15',
      coupon_frequency: '6M',
      floating_rate_index_uid: ix.euribor6m,
      spread: 0.006,
      fixing_days: 2,
      floors: [0.0],
      redemption: 100,
    },
  },
  {
    id: 'FINCO-FRN-SOFR-2029-06-15',
    name: 'FinCo FRN compounded SOFR+75 (2-day lookback) 15-Jun-2029',
    type: 'FloatingRateBond',
    ccy: 'USD',
    isin: 'US000FCFRN29',
    sector: 'Corp',
    dump: {
      ...usd,
      day_count: 'Actual360',
      business_day_convention: 'ModifiedFollowing',
      face_value: 100,
      issue_date: '2025-06-16',
      maturity_date: '2029-06-15',
      coupon_frequency: '3M',
      floating_rate_index_uid: ix.sofr,
      spread: 0.0075,
      overnight: { averaging: 'Compound', lookback_days: 2 },
      redemption: 100,
    },
  },
  {
    id: 'KFWX-FRN-ESTR-2030-02-11',
    name: 'Agency FRN compounded €STR+30 (5-day shift) 11-Feb-2030',
    type: 'FloatingRateBond',
    ccy: 'EUR',
    isin: 'XS000KFESTR0',
    sector: 'Corp',
    dump: {
      ...eur,
      day_count: 'Actual360',
      business_day_convention: 'ModifiedFollowing',
      face_value: 1000,
      issue_date: '2025-02-11',
      maturity_date: '2030-02-11',
      coupon_frequency: '3M',
      floating_rate_index_uid: ix.estr,
      spread: 0.003,
      overnight: { averaging: 'Compound', lookback_days: 5, observation_shift: true },
      redemption: 100,
    },
  },
  {
    id: 'EUROCORP-FRN-E3M-COLLAR-2031-09-15',
    name: 'EuroCorp FRN E3M+60 collared 1.5%-4.5% 15-Sep-2031',
    type: 'FloatingRateBond',
    ccy: 'EUR',
    isin: 'XS000ECCOL31',
    sector: 'Corp',
    dump: {
      ...eur,
      day_count: 'Actual360',
      business_day_convention: 'ModifiedFollowing',
      face_value: 1000,
      issue_date: '2025-09-15',
      maturity_date: '2031-09-15',
      coupon_frequency: '3M',
      floating_rate_index_uid: ix.euribor3m,
      spread: 0.006,
      fixing_days: 2,
      floors: [0.015],
      caps: [0.045],
      redemption: 100,
    },
  },
  {
    id: 'UTILCO-5.25-2036-03-01-CALL',
    name: 'UtilCo 5.25% 1-Mar-2036 callable (its own Hull-White model)',
    type: 'CallableFixedRateBond',
    ccy: 'USD',
    isin: 'US000UT52536',
    sector: 'Corp',
    dump: {
      ...usd,
      benchmark_rate_index_uid: ix.usdCredit,
      day_count: 'Thirty360_BondBasis',
      face_value: 100,
      issue_date: '2026-03-01',
      maturity_date: '2036-03-01',
      coupon_frequency: '6M',
      coupon_rate: 0.0525,
      redemption: 100,
      callability: [2031, 2032, 2033, 2034, 2035].map((y) => ({
        date: `${y}-03-01`,
        type: 'Call',
        price: 100,
        price_type: 'Clean',
      })),
    },
  },
  {
    id: 'TII-1.625-2035-04-15',
    name: 'US TIPS 1.625% 15-Apr-2035',
    type: 'CPIBond',
    ccy: 'USD',
    isin: 'US91282CMT55',
    sector: 'Govt',
    dump: {
      ...usd,
      business_day_convention: 'Unadjusted',
      payment_convention: 'Following',
      face_value: 100,
      issue_date: '2025-04-15',
      maturity_date: '2035-04-15',
      coupon_frequency: '6M',
      coupon_rate: 0.01625,
      inflation_index_uid: ix.usCpi,
      base_cpi: cpiOn(usCpiHistory, '2025-01-01'),
      observation_lag: '3M',
      interpolation: 'Linear',
      growth_only: false,
    },
  },
  {
    id: 'UKTI-0.625-2032-03-22',
    name: 'UK index-linked gilt 0.625% 22-Mar-2032 (8-month lag)',
    type: 'CPIBond',
    ccy: 'GBP',
    isin: 'GB00BLKNGL32',
    sector: 'Govt',
    dump: {
      day_count: 'ActualActual_ISMA',
      calendar: { name: 'UnitedKingdom::Settlement' },
      business_day_convention: 'Unadjusted',
      payment_convention: 'Following',
      settlement_days: 1,
      schedule: null,
      benchmark_rate_index_uid: ix.gilt,
      ex_coupon_period: '7D',
      ex_coupon_convention: 'Preceding',
      ex_coupon_calendar: { name: 'UnitedKingdom::Settlement' },
      face_value: 100,
      issue_date: '2024-03-22',
      maturity_date: '2032-03-22',
      coupon_frequency: '6M',
      coupon_rate: 0.00625,
      inflation_index_uid: ix.ukRpi,
      base_cpi: cpiOn(ukRpiHistory, '2023-07-01'),
      observation_lag: '8M',
      interpolation: 'Flat',
      growth_only: false,
    },
  },
  {
    id: 'AUTOABS-FRN-SOFR-2030-01-25-AMORT',
    name: 'AutoABS FRN SOFR3M+110 amortizing 25-Jan-2030',
    type: 'AmortizingFloatingRateBond',
    ccy: 'USD',
    isin: 'US000AAFR300',
    sector: 'Mtge',
    dump: {
      ...usd,
      day_count: 'Actual360',
      calendar: US_SETTLEMENT,
      business_day_convention: 'ModifiedFollowing',
      settlement_days: 2,
      face_value: 100,
      issue_date: '2025-01-25',
      maturity_date: '2030-01-25',
      coupon_frequency: '3M',
      floating_rate_index_uid: ix.sofr3m,
      spread: 0.011,
      fixing_days: 2,
      redemption: 100,
      amortization: { notionals: amortizingNotionals(100, 20, 4), payment_lag: 0 },
    },
  },
  {
    id: 'EUROLOAN-FRN-E6M-2030-07-10-AMORT',
    name: 'EuroLoan CLO FRN E6M+90 amortizing 10-Jul-2030',
    type: 'AmortizingFloatingRateBond',
    ccy: 'EUR',
    isin: 'XS000ELFR309',
    sector: 'Mtge',
    dump: {
      ...eur,
      day_count: 'Actual360',
      business_day_convention: 'ModifiedFollowing',
      face_value: 250000,
      issue_date: '2025-07-10',
      maturity_date: '2030-07-10',
      coupon_frequency: '6M',
      floating_rate_index_uid: ix.euribor6m,
      spread: 0.009,
      fixing_days: 2,
      redemption: 100,
      amortization: { notionals: amortizingNotionals(250000, 10, 2), payment_lag: 0 },
    },
  },
]
const figi = (id: string) => `BBG${createHash('sha1').update(id).digest('hex').slice(0, 9).toUpperCase()}`

const assets: Record<string, unknown>[] = bonds.map((b) => ({
  uid: uid(`asset:${b.id}`),
  unique_identifier: b.id,
  asset_type: 'bond',
  details: {
    name: b.name,
    ticker: b.id.split('-')[0],
    figi: figi(b.id),
    composite_figi: figi(`${b.id}:c`),
    isin: b.isin,
    exchange_code: b.ccy === 'USD' ? 'US' : 'EU',
    security_type: b.type,
    security_market_sector: b.sector,
    currency: b.ccy,
  },
  snapshots: [
    {
      time_index: '2026-11-20T00:00:00Z',
      name: b.name,
      ticker: b.id.split('-')[0],
      exchange_code: b.ccy === 'USD' ? 'US' : 'EU',
    },
  ],
  pricing_details: {
    instrument_type: b.type,
    instrument_dump: b.dump,
    pricing_details_date: '2026-11-20T00:00:00Z',
    serialization_format: 'fixed_income.instrument@v1',
    pricing_package_version: '1.0.0',
    source: 'demo',
  },
}))
assets.push(
  {
    uid: uid('asset:SR3-2027-03'),
    unique_identifier: 'SR3-2027-03',
    asset_type: 'future',
    details: {
      name: 'Three-month SOFR future Mar 2027',
      ticker: 'SR3H7',
      figi: figi('SR3H7'),
      exchange_code: 'CME',
      security_type: 'Future',
      security_market_sector: 'Comdty',
      currency: 'USD',
    },
    future_details: { underlying_index_uid: ix.sofr3m, expiry_date: '2027-03-17', contract_size: 2500 },
  },
  {
    uid: uid('asset:IRS-USD-5Y-DEMO'),
    unique_identifier: 'IRS-USD-5Y-DEMO',
    asset_type: 'swap',
    details: {
      name: 'USD 5Y payer swap (demo)',
      ticker: 'IRS5Y',
      exchange_code: 'OTC',
      security_type: 'Swap',
      security_market_sector: 'Curncy',
      currency: 'USD',
    },
    pricing_details: {
      instrument_type: 'VanillaSwap',
      unpriced: true,
      instrument_dump: { notional: 1000000, fixed_rate: 0.04 },
      pricing_details_date: '2026-11-20T00:00:00Z',
      serialization_format: 'fixed_income.instrument@v1',
      source: 'demo',
    },
  },
)
const assetUid = (id: string) => uid(`asset:${id}`)

const asset_categories = [
  {
    uid: uid('category:govies'),
    unique_identifier: 'government_bonds',
    display_name: 'Government bonds',
    description: 'Sovereign debt and strips',
    asset_uids: bonds.filter((b) => b.sector === 'Govt').map((b) => assetUid(b.id)),
  },
  {
    uid: uid('category:credit'),
    unique_identifier: 'credit',
    display_name: 'Credit',
    description: 'Corporate, municipal and securitised debt',
    asset_uids: bonds.filter((b) => b.sector !== 'Govt').map((b) => assetUid(b.id)),
  },
  {
    uid: uid('category:frn'),
    unique_identifier: 'floating_rate_notes',
    display_name: 'Floating rate notes',
    description: null,
    asset_uids: bonds.filter((b) => b.type.includes('Floating')).map((b) => assetUid(b.id)),
  },
]

const calendarUid = uid('calendar:NYSE')
const calendars = [
  {
    uid: calendarUid,
    unique_identifier: 'NYSE',
    display_name: 'New York Stock Exchange',
    calendar_type: 'TRADING',
    timezone: 'America/New_York',
    source: 'demo',
    source_identifier: 'XNYS',
    valid_from: '2026-01-01',
    valid_to: '2027-12-31',
    dates: [
      { uid: uid('cal:NYSE:2026-11-26'), local_date: '2026-11-26', is_holiday: true, holiday_name: 'Thanksgiving Day' },
      {
        uid: uid('cal:NYSE:2026-11-27'),
        local_date: '2026-11-27',
        is_business_day: true,
        is_early_close: true,
        holiday_name: 'Day after Thanksgiving',
      },
      { uid: uid('cal:NYSE:2026-12-25'), local_date: '2026-12-25', is_holiday: true, holiday_name: 'Christmas Day' },
      { uid: uid('cal:NYSE:2027-01-01'), local_date: '2027-01-01', is_holiday: true, holiday_name: "New Year's Day" },
    ],
    sessions: [
      {
        uid: uid('cal:NYSE:s:2026-11-20'),
        local_date: '2026-11-20',
        session_label: 'regular',
        opens_at: '2026-11-20T14:30:00Z',
        closes_at: '2026-11-20T21:00:00Z',
        timezone: 'America/New_York',
      },
      {
        uid: uid('cal:NYSE:s:2026-11-27'),
        local_date: '2026-11-27',
        session_label: 'regular',
        opens_at: '2026-11-27T14:30:00Z',
        closes_at: '2026-11-27T18:00:00Z',
        timezone: 'America/New_York',
      },
    ],
    events: [
      {
        uid: uid('cal:NYSE:e:fomc'),
        event_date: '2026-12-16',
        event_time: '2026-12-16T19:00:00Z',
        event_type: 'MACRO',
        event_label: 'FOMC decision',
      },
      {
        uid: uid('cal:NYSE:e:coupon'),
        event_date: '2026-11-15',
        event_type: 'COUPON',
        event_label: 'UST coupon',
        target_type: 'asset',
        target_uid: assetUid('UST-4.25-2031-11-15'),
        target_identifier: 'UST-4.25-2031-11-15',
      },
    ],
  },
  {
    uid: uid('calendar:XLON'),
    unique_identifier: 'XLON',
    display_name: 'London Stock Exchange',
    calendar_type: 'TRADING',
    timezone: 'Europe/London',
    source: 'demo',
    source_identifier: 'XLON',
    valid_from: '2026-01-01',
    valid_to: '2027-12-31',
    dates: [
      { uid: uid('cal:XLON:2026-12-25'), local_date: '2026-12-25', is_holiday: true, holiday_name: 'Christmas Day' },
    ],
  },
]

const SIGNAL = 'DEMO-CARRY-SIGNAL'
const signals = [
  {
    uid: uid(`signal:${SIGNAL}`),
    signal_uid: SIGNAL,
    signal_description: 'Carry tilt of the core portfolio',
    weights: ['2026-11-19', '2026-11-20'].flatMap((date, d) =>
      ['UST-4.25-2031-11-15', 'DBR-2.5-2035-02-15', 'BANKCO-FRN-SOFR-2029-03-20', 'UST-STRIP-2036-02-15'].map(
        (id, i) => ({
          time_index: `${date}T00:00:00Z`,
          asset_identifier: id,
          signal_weight: [
            [0.38, 0.27, 0.2, 0.15],
            [0.42, 0.23, 0.2, 0.15],
          ][d][i],
        }),
      ),
    ),
  },
]

const pf = { core: uid('portfolio:CORE-FI'), credit: uid('portfolio:CREDIT-FI') }
const portfolios = [
  {
    uid: pf.core,
    unique_identifier: 'CORE-FI',
    calendar_uid: calendarUid,
    published_index_uid: ix.fiIndex,
    signal_uid: SIGNAL,
    description: 'Core government and FRN portfolio',
    weights: ['UST-4.25-2031-11-15', 'DBR-2.5-2035-02-15', 'BANKCO-FRN-SOFR-2029-03-20', 'UST-STRIP-2036-02-15'].map(
      (id, i) => ({
        time_index: '2026-11-20T00:00:00Z',
        asset_identifier: id,
        weight: [0.4, 0.25, 0.2, 0.15][i],
        weight_before: [0.38, 0.27, 0.2, 0.15][i],
        price_current: [99.12, 98.4, 100.3, 64.1][i],
        price_before: [98.9, 98.6, 100.25, 63.8][i],
      }),
    ),
    values: [
      { time_index: '2026-11-19T00:00:00Z', close: 101.2, return: 0.0004, calculated_close: 101.2 },
      { time_index: '2026-11-20T00:00:00Z', close: 101.35, return: 0.0015, calculated_close: 101.35 },
    ],
  },
  {
    uid: pf.credit,
    unique_identifier: 'CREDIT-FI',
    calendar_uid: calendarUid,
    description: 'Credit sleeve',
    weights: ['ACME-5.0-2034-06-01-CALL', 'MUNI-4.5-2030-06-15-SINK', 'AUTOABS-FRN-SOFR-2030-01-25-AMORT'].map(
      (id, i) => ({ time_index: '2026-11-20T00:00:00Z', asset_identifier: id, weight: [0.5, 0.3, 0.2][i] }),
    ),
  },
]
const portfolio_groups = [
  {
    uid: uid('group:core'),
    unique_identifier: 'core_fixed_income',
    display_name: 'Core fixed income',
    description: 'Every demo portfolio',
    portfolio_uids: [pf.core, pf.credit],
  },
  { uid: uid('group:empty'), unique_identifier: 'sandbox', display_name: 'Sandbox', description: 'An empty group' },
]

const accountUid = uid('account:DEMO-ACCOUNT-1')
const holdingsSet = uid('holdings:DEMO-ACCOUNT-1:2026-11-20')
const accounts = [
  {
    uid: accountUid,
    unique_identifier: 'DEMO-ACCOUNT-1',
    account_name: 'Demo institutional account',
    is_paper: true,
    account_is_active: true,
    metadata_json: { custodian: 'demo' },
    holdings: [
      {
        uid: uid('holdings:DEMO-ACCOUNT-1:2026-11-19'),
        time_index: '2026-11-19T00:00:00Z',
        positions: [
          { asset_identifier: 'UST-4.25-2031-11-15', quantity: '1000000' },
          { asset_identifier: 'DBR-2.5-2035-02-15', quantity: '500' },
        ],
      },
      {
        uid: holdingsSet,
        time_index: '2026-11-20T00:00:00Z',
        positions: [
          { asset_identifier: 'UST-4.25-2031-11-15', quantity: '1200000' },
          { asset_identifier: 'DBR-2.5-2035-02-15', quantity: '500' },
          { asset_identifier: 'BANKCO-FRN-SOFR-2029-03-20', quantity: '250000' },
          { asset_identifier: 'ACME-5.0-2034-06-01-CALL', quantity: '100000', direction: -1 },
        ],
      },
    ],
    target_positions: [
      {
        uid: uid('targets:DEMO-ACCOUNT-1:2026-11-20'),
        time_index: '2026-11-20T00:00:00Z',
        positions: [
          { target_type: 'portfolio', target_uid: pf.core, weight_notional_exposure: 0.7 },
          { target_type: 'asset', target_uid: assetUid('UST-STRIP-2036-02-15'), constant_notional_exposure: 250000 },
        ],
      },
    ],
  },
]
const virtual_funds = [
  {
    uid: uid('vf:DEMO-VF-CORE'),
    unique_identifier: 'DEMO-VF-CORE',
    account_uid: accountUid,
    target_portfolio_uid: pf.core,
    holdings: [
      {
        uid: uid('vfh:DEMO-VF-CORE:2026-11-20'),
        source_account_holdings_set_uid: holdingsSet,
        time_index: '2026-11-20T00:00:00Z',
        positions: [
          { asset_identifier: 'UST-4.25-2031-11-15', allocated_quantity: '1000000' },
          { asset_identifier: 'BANKCO-FRN-SOFR-2029-03-20', allocated_quantity: '250000' },
        ],
      },
    ],
  },
]

const bundle = {
  $schema: '../bundle/bundle.schema.json',
  description:
    'Demo data: USD and EUR markets on 2026-11-19/20 and two bonds of every supported class. Price with ' +
    'valuation_date 2026-11-20T00:00:00Z and market_data_set "default".',
  indexes,
  data_nodes,
  curves,
  curve_observations: [...curve_observations, ...inflationObservations],
  fixings,
  market_parameters,
  market_data_sets,
  assets,
  asset_categories,
  calendars,
  signals,
  portfolios,
  portfolio_groups,
  accounts,
  virtual_funds,
}
writeFileSync(new URL('./demo-bundle.json', import.meta.url), JSON.stringify(bundle, null, 1) + '\n')
console.log('wrote src/db/demo/demo-bundle.json')
