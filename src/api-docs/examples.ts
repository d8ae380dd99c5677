/**
 * Example requests of every operation, on the demo bundle (`npm start` loads it), so that "Try it out" works as
 * it is: path parameters name demo rows, bodies are valid and pricing uses the demo's valuation date and set.
 * Each example works alone against a freshly started demo (test/api-docs/examples.test.ts sends every one).
 * The 2xx responses in example-responses.json are what these requests answered (`npm run api-examples`).
 */
import { readFileSync } from 'node:fs'
import { DEMO, DEMO_SET_KEY, DEMO_VALUATION_DATE } from '../db/demo/demo-ids.ts'

export interface ExampleRequest {
  params: Record<string, string>
  query?: Record<string, string | number | boolean>
  body?: unknown
}

/** Path parameters by name. */
const PARAMS: Record<string, string> = {
  asset_uid: DEMO.assets.ust,
  account_uid: DEMO.account,
  calendar_uid: DEMO.calendars.nyse,
  date_uid: DEMO.calendarDates.thanksgiving,
  session_uid: DEMO.calendarSessions.regular,
  event_uid: DEMO.calendarEvents.fomc,
  set_key: DEMO_SET_KEY,
  market_data_set_uid: DEMO.set,
  portfolio_uid: DEMO.portfolios.credit,
  // a job's id is the server's: the example request queues the scenarios example first (test/helpers/examples.ts)
  job_id: '0f8d5a52-3c1b-4e0e-9d8e-6c2a1f7b9e31',
}

/** `{uid}` by the collection the path is under (longest prefix first). */
const UID_BY_COLLECTION: [string, string][] = [
  ['/api/v1/asset-category/', DEMO.categories.govies],
  ['/api/v1/asset/', DEMO.assets.ust],
  ['/api/v1/account/', DEMO.account],
  ['/api/v1/index/', DEMO.indexes.sofr3m],
  ['/api/v1/portfolio-group/', DEMO.groups.core],
  ['/api/v1/portfolio/', DEMO.portfolios.core],
  ['/api/v1/virtualfund/', DEMO.virtualFund],
  ['/api/v1/calendar/', DEMO.calendars.nyse],
  ['/api/v1/pricing/curves/', DEMO.curves.ust],
  ['/api/v1/pricing/market_data/sets/', DEMO.set],
  ['/api/v1/pricing/market_data/bindings/', DEMO.bindings.curves],
]

const PRICING = { valuation_date: DEMO_VALUATION_DATE, market_data_set: DEMO_SET_KEY }
const explicit = (...uids: string[]) => ({ selection: { mode: 'explicit', uids }, options: {} })
const ESTR = {
  tenor: '1D',
  fixing_days: 0,
  calendar: { name: 'TARGET' },
  day_count: 'Actual360',
  business_day_convention: 'Following',
  end_of_month: false,
  currency: 'EUR',
}

/** What differs from the defaults above, by operationId. */
const EXAMPLES: Record<string, Partial<ExampleRequest>> = {
  // the pricer prices the demo's US Treasury 4.25% 2031 with the demo's set on its valuation date
  priceFixedIncomeAsset: { body: PRICING },
  getFixedIncomeAssetAnalytics: { body: PRICING },
  getFixedIncomeAssetDuration: { body: { ...PRICING, parameters: { duration_type: 'Modified' } } },
  getFixedIncomeAssetYield: { body: PRICING },
  getFixedIncomeAssetZSpread: { body: { ...PRICING, parameters: { target_dirty_ccy: 101.25 } } },
  getFixedIncomeAssetCashflows: { body: PRICING },
  getFixedIncomeAssetCashflowsFrame: { body: PRICING },
  getFixedIncomeAssetNetCashflows: { body: PRICING },
  getFixedIncomeAssetNetCashflowsFrame: { body: PRICING },
  getFixedIncomeAssetCarryRollDown: { body: { ...PRICING, parameters: { horizon_days: 30 } } },
  // risk: a batch over a fixed bond, a callable, an Ibor floater, a compounded-SOFR floater and a TIPS; the demo
  // account's latest holdings
  priceFixedIncomeAssetsBatch: {
    body: {
      ...PRICING,
      operation: 'analytics',
      parameters: {},
      asset_uids: [DEMO.assets.ust, DEMO.assets.callable, DEMO.assets.frn, DEMO.assets.sofrFrn, DEMO.assets.tips],
    },
  },
  getFixedIncomeAccountRisk: { body: { ...PRICING, parameters: { key_rate_tenors: ['2Y', '5Y', '10Y', '30Y'] } } },
  // what-if on the demo account: a bear steepener, a rally on the Treasury curve alone, and model shocks
  runFixedIncomeScenarios: {
    body: {
      ...PRICING,
      target: { account_uid: DEMO.account },
      scenarios: [
        { name: 'bear steepener', shocks: [{ twist: { pivot: '2Y', short_bp: 10, long_bp: 50 } }] },
        { name: 'UST rally', shocks: [{ parallel: -25, indexes: ['USD-UST-BENCHMARK'] }] },
        { name: 'key rates', shocks: [{ key_rate: { '2Y': 10, '10Y': -10 } }] },
        { name: 'vol up', shocks: [{ optionlet_vol: 0.002 }, { short_rate_model: { sigma: 0.002 } }] },
      ],
    },
  },
  // the next business day's data, as a market-data team publishes it
  loadPricingBundle: {
    body: {
      fixings: [
        {
          data_node_uid: DEMO.nodes.fixings,
          index_identifier: 'USD-SOFR-1D',
          fixings: [{ date: '2026-11-23', rate: 0.0386 }],
        },
      ],
    },
  },
  publishPricingCurveObservation: {
    body: {
      market_data_set: DEMO_SET_KEY,
      time_index: '2026-11-23T00:00:00Z',
      nodes: [
        { days_to_maturity: 30, zero: 0.0388 },
        { days_to_maturity: 365, zero: 0.0402 },
        { days_to_maturity: 1826, zero: 0.0411 },
        { days_to_maturity: 3652, zero: 0.0426 },
        { days_to_maturity: 10957, zero: 0.0447 },
      ],
    },
  },
  publishIndexFixings: {
    params: { uid: DEMO.indexes.sofr },
    body: { market_data_set: DEMO_SET_KEY, fixings: [{ date: '2026-11-23', rate: 0.0386 }] },
  },
  getFixedIncomeHistoricalVar: {
    body: { ...PRICING, target: { account_uid: DEMO.account }, lookback_days: 60, confidence: [0.95, 0.99] },
  },
  explainFixedIncomePnl: {
    body: {
      market_data_set: DEMO_SET_KEY,
      from_date: '2026-11-13T00:00:00Z',
      to_date: DEMO_VALUATION_DATE,
      target: { asset_uids: [DEMO.assets.ust, DEMO.assets.frn, DEMO.assets.sofrFrn] },
    },
  },
  getFixedIncomePricingSeries: {
    body: {
      market_data_set: DEMO_SET_KEY,
      from_date: '2026-11-09T00:00:00Z',
      to_date: DEMO_VALUATION_DATE,
      operation: 'price',
      asset_uids: [DEMO.assets.ust, DEMO.assets.bund],
    },
  },
  // a collared floater whose caplets are priced on the set's optionlet volatility (diagnostics name it)
  previewFixedIncomeAssetCurve: { params: { asset_uid: DEMO.assets.collaredFrn }, body: PRICING },
  // a compounded-SOFR floater, so that there are daily fixings to report
  checkFixedIncomeAssetFixingsAvailability: { params: { asset_uid: DEMO.assets.sofrFrn }, body: PRICING },

  getAssetMonitorFrame: { query: { search: 'UST' } },
  listAssets: { query: { categories__uid: DEMO.categories.govies } },
  deleteAsset: { params: { uid: DEMO.assets.future } },
  createAssetCategory: {
    body: {
      display_name: 'High yield',
      description: 'Bonds rated below investment grade',
      assets: [DEMO.assets.callable],
    },
  },
  updateAssetCategory: {
    params: { uid: DEMO.categories.frn },
    body: { description: 'Floating-rate notes in every currency' },
  },
  deleteAssetCategory: { params: { uid: DEMO.categories.credit } },
  preflightBulkDeleteAssetCategories: { body: explicit(DEMO.categories.frn, DEMO.categories.credit) },
  bulkDeleteAssetCategories: { body: explicit(DEMO.categories.frn) },

  addAccountHoldings: {
    body: {
      holdings_date: '2026-11-23T00:00:00Z',
      positions: [
        { asset_identifier: 'UST-4.25-2031-11-15', quantity: '1200000' },
        { asset_identifier: 'BANKCO-FRN-SOFR-2029-03-20', quantity: '250000' },
      ],
    },
  },
  addAccountTargetPositions: {
    body: {
      target_positions_date: '2026-11-23T00:00:00Z',
      overwrite: false,
      positions: [
        {
          target_type: 'portfolio',
          target_uid: DEMO.portfolios.core,
          portfolio_uid: DEMO.portfolios.core,
          weight_notional_exposure: 0.75,
        },
        {
          target_type: 'asset',
          target_uid: DEMO.assets.zero,
          asset_uid: DEMO.assets.zero,
          constant_notional_exposure: 200000,
        },
      ],
    },
  },

  getIndexDeleteImpact: { query: { include_samples: true, sample_limit: 3 } },
  createIndex: {
    body: {
      unique_identifier: 'EUR-ESTR',
      index_type: 'interest_rate',
      display_name: 'Euro short-term rate',
      convention: { index_family: 'ESTR', convention_dump: ESTR },
    },
  },
  updateIndex: { body: { description: 'Three-month CME Term SOFR' } },
  deleteIndex: { params: { uid: DEMO.indexes.fiIndex } },

  deletePortfolioWeights: { query: { weights_date: DEMO_VALUATION_DATE } },
  deletePortfolio: { params: { uid: DEMO.portfolios.credit } },
  preflightBulkDeletePortfolios: { body: explicit(DEMO.portfolios.credit, DEMO.portfolios.core) },
  bulkDeletePortfolios: { body: explicit(DEMO.portfolios.credit) },
  createPortfolioGroup: {
    body: {
      unique_identifier: 'rates',
      display_name: 'Rates',
      description: 'Rates portfolios',
      portfolio_uids: [DEMO.portfolios.core],
    },
  },
  updatePortfolioGroup: { params: { uid: DEMO.groups.sandbox }, body: { description: 'Portfolios being tried out' } },
  deletePortfolioGroup: { params: { uid: DEMO.groups.sandbox } },
  addPortfolioToGroup: { params: { uid: DEMO.groups.sandbox }, body: { portfolio_uid: DEMO.portfolios.credit } },
  preflightBulkDeletePortfolioGroups: { body: explicit(DEMO.groups.sandbox) },
  bulkDeletePortfolioGroups: { body: explicit(DEMO.groups.sandbox) },

  createCalendar: {
    body: {
      unique_identifier: 'XTKS',
      display_name: 'Tokyo Stock Exchange',
      calendar_type: 'TRADING',
      timezone: 'Asia/Tokyo',
      valid_from: '2026-01-01',
      valid_to: '2027-12-31',
    },
  },
  updateCalendar: { body: { display_name: 'New York Stock Exchange (NYSE)' } },
  deleteCalendar: { params: { uid: DEMO.calendars.lse } },
  createCalendarDate: {
    body: { local_date: '2027-01-18', is_holiday: true, holiday_name: 'Martin Luther King Jr. Day' },
  },
  bulkUpsertCalendarDates: {
    body: {
      rows: [
        { local_date: '2027-02-15', is_holiday: true, holiday_name: "Washington's Birthday" },
        { local_date: '2027-03-26', is_holiday: true, holiday_name: 'Good Friday' },
      ],
    },
  },
  updateCalendarDate: {
    params: { date_uid: DEMO.calendarDates.christmas },
    body: { holiday_name: 'Christmas Day (observed)' },
  },
  deleteCalendarDate: { params: { date_uid: DEMO.calendarDates.newYear } },
  createCalendarSession: {
    body: {
      local_date: '2026-11-23',
      session_label: 'regular',
      opens_at: '2026-11-23T14:30:00Z',
      closes_at: '2026-11-23T21:00:00Z',
      timezone: 'America/New_York',
    },
  },
  bulkUpsertCalendarSessions: {
    body: {
      rows: ['2026-11-24', '2026-11-25'].map((d) => ({
        local_date: d,
        session_label: 'regular',
        opens_at: `${d}T14:30:00Z`,
        closes_at: `${d}T21:00:00Z`,
        timezone: 'America/New_York',
      })),
    },
  },
  updateCalendarSession: { body: { closes_at: '2026-11-20T21:15:00Z' } },
  deleteCalendarSession: { params: { session_uid: DEMO.calendarSessions.halfDay } },
  createCalendarEvent: {
    body: {
      event_date: '2027-01-27',
      event_time: '2027-01-27T19:00:00Z',
      event_type: 'MACRO',
      event_label: 'FOMC decision',
    },
  },
  bulkUpsertCalendarEvents: {
    body: {
      rows: [
        {
          event_date: '2027-03-17',
          event_time: '2027-03-17T18:00:00Z',
          event_type: 'MACRO',
          event_label: 'FOMC decision',
        },
      ],
    },
  },
  updateCalendarEvent: { body: { event_time: '2026-12-16T19:30:00Z' } },
  deleteCalendarEvent: { params: { event_uid: DEMO.calendarEvents.coupon } },

  getPricingDiscountCurve: { query: { market_data_set: DEMO_SET_KEY, valuation_date: DEMO_VALUATION_DATE } },
  getPricingCurveDeleteImpact: {
    params: { uid: DEMO.curves.sofrOis },
    query: { delete_values: true, delete_curve_selections: true },
  },
  deletePricingCurve: {
    params: { uid: DEMO.curves.sofrOis },
    query: { delete_values: true, delete_curve_selections: true },
  },
  resolvePricingMarketDataBinding: { query: { market_data_set: DEMO_SET_KEY, concept_key: 'discount_curves' } },
  createPricingMarketDataSet: {
    body: {
      set_key: 'eod-offer',
      display_name: 'End-of-day offer side',
      description: 'Offer-side curves for selling',
      status: 'ACTIVE',
    },
  },
  upsertPricingMarketDataSet: {
    body: {
      set_key: DEMO_SET_KEY,
      display_name: 'Default end-of-day market data',
      description: 'Demo EOD curves and fixings',
    },
  },
  updatePricingMarketDataSet: { body: { description: 'Demo end-of-day curves and fixings' } },
  createPricingMarketDataBinding: {
    body: {
      market_data_set_uid: DEMO.set,
      concept_key: 'fixing_rates_backup',
      data_node_uid: DEMO.nodes.fixings,
      storage_table_identifier: 'fixing_rates_eod',
      source: 'demo',
    },
  },
  upsertPricingMarketDataBinding: {
    body: {
      market_data_set_uid: DEMO.set,
      concept_key: 'discount_curves',
      data_node_uid: DEMO.nodes.curves,
      storage_table_identifier: 'discount_curves_eod',
      source: 'demo',
    },
  },
  updatePricingMarketDataBinding: { body: { source: 'demo feed' } },
  deletePricingMarketDataBinding: { params: { uid: DEMO.bindings.fixings } },
}

/** The example request of an operation at `path` (OpenAPI form, `{name}` parameters). */
export function exampleRequest(operationId: string, path: string): ExampleRequest {
  const override = EXAMPLES[operationId] ?? {}
  const params: Record<string, string> = {}
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    params[name] =
      override.params?.[name] ??
      (name === 'uid' ? UID_BY_COLLECTION.find(([prefix]) => path.startsWith(prefix))?.[1] : PARAMS[name]) ??
      ''
  }
  return {
    params,
    ...(override.query ? { query: override.query } : {}),
    ...(override.body !== undefined ? { body: override.body } : {}),
  }
}

/** The URL of an example request. */
export function exampleUrl(path: string, example: ExampleRequest): string {
  const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(example.params[name]))
  const query = example.query
    ? new URLSearchParams(Object.fromEntries(Object.entries(example.query).map(([k, v]) => [k, String(v)]))).toString()
    : ''
  return query ? `${url}?${query}` : url
}

export const EXAMPLE_RESPONSES_FILE = new URL('./example-responses.json', import.meta.url)
let responses: Record<string, unknown> | undefined

/**
 * The recorded 2xx response of an operation's example request; a risk route's 202 (a queued job) is the recorded job
 * status.
 */
export function exampleResponse(operationId: string, status = '200'): unknown {
  responses ??= JSON.parse(readFileSync(EXAMPLE_RESPONSES_FILE, 'utf8')) as Record<string, unknown>
  return status === '202' ? responses.getFixedIncomeRiskJob : responses[operationId]
}
