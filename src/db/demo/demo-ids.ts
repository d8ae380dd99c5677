/**
 * The demo bundle's stable uids (UUID v5 layout over SHA-1 of a name), shared by the bundle builder and by
 * everything that points at demo rows: the OpenAPI examples, the README's curl lines, tests.
 */
import { createHash } from 'node:crypto'

export function demoUid(name: string): string {
  const h = createHash('sha1').update(`fixed-income-demo:${name}`).digest('hex')
  return (
    `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-` +
    `${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`
  )
}

/** The valuation date and market-data set every demo price uses. */
export const DEMO_VALUATION_DATE = '2026-11-20T00:00:00Z'
export const DEMO_SET_KEY = 'default'

export const DEMO = {
  assets: {
    ust: demoUid('asset:UST-4.25-2031-11-15'),
    bund: demoUid('asset:DBR-2.5-2035-02-15'),
    callable: demoUid('asset:ACME-5.0-2034-06-01-CALL'),
    amortizing: demoUid('asset:MUNI-4.5-2030-06-15-SINK'),
    zero: demoUid('asset:UST-STRIP-2036-02-15'),
    frn: demoUid('asset:BANKCO-FRN-SOFR-2029-03-20'),
    amortizingFrn: demoUid('asset:AUTOABS-FRN-SOFR-2030-01-25-AMORT'),
    sofrFrn: demoUid('asset:FINCO-FRN-SOFR-2029-06-15'),
    estrFrn: demoUid('asset:KFWX-FRN-ESTR-2030-02-11'),
    collaredFrn: demoUid('asset:EUROCORP-FRN-E3M-COLLAR-2031-09-15'),
    modelCallable: demoUid('asset:UTILCO-5.25-2036-03-01-CALL'),
    tips: demoUid('asset:TII-1.625-2035-04-15'),
    linker: demoUid('asset:UKTI-0.625-2032-03-22'),
    future: demoUid('asset:SR3-2027-03'),
    swap: demoUid('asset:IRS-USD-5Y-DEMO'),
  },
  indexes: {
    sofr3m: demoUid('index:USD-TERM-SOFR-3M'),
    euribor6m: demoUid('index:EUR-EURIBOR-6M'),
    ust: demoUid('index:USD-UST-BENCHMARK'),
    fiIndex: demoUid('index:DEMO-FI-COMPOSITE'),
    sofr: demoUid('index:USD-SOFR-1D'),
    estr: demoUid('index:EUR-ESTR-1D'),
    euribor3m: demoUid('index:EUR-EURIBOR-3M'),
    usCpi: demoUid('index:USD-CPI-U'),
  },
  curves: { ust: demoUid('curve:USD-UST-ZERO'), sofrOis: demoUid('curve:USD-SOFR-OIS') },
  set: demoUid('set:default'),
  bindings: { curves: demoUid('binding:default:discount_curves'), fixings: demoUid('binding:default:fixing_rates') },
  nodes: { curves: demoUid('node:discount_curves_eod'), fixings: demoUid('node:fixing_rates_eod') },
  categories: { govies: demoUid('category:govies'), credit: demoUid('category:credit'), frn: demoUid('category:frn') },
  calendars: { nyse: demoUid('calendar:NYSE'), lse: demoUid('calendar:XLON') },
  calendarDates: {
    thanksgiving: demoUid('cal:NYSE:2026-11-26'),
    christmas: demoUid('cal:NYSE:2026-12-25'),
    newYear: demoUid('cal:NYSE:2027-01-01'),
  },
  calendarSessions: { regular: demoUid('cal:NYSE:s:2026-11-20'), halfDay: demoUid('cal:NYSE:s:2026-11-27') },
  calendarEvents: { fomc: demoUid('cal:NYSE:e:fomc'), coupon: demoUid('cal:NYSE:e:coupon') },
  portfolios: { core: demoUid('portfolio:CORE-FI'), credit: demoUid('portfolio:CREDIT-FI') },
  groups: { core: demoUid('group:core'), sandbox: demoUid('group:empty') },
  account: demoUid('account:DEMO-ACCOUNT-1'),
  virtualFund: demoUid('vf:DEMO-VF-CORE'),
} as const
