/**
 * The scale data set's bonds: N distinct bonds over the six classes, each a variation of one of the demo
 * bundle's twelve bonds (two per class, USD and EUR), so they price on the demo market-data set: the same
 * conventions, benchmark and floating indexes, dates moved by whole months and coupons, spreads and tenors
 * changed. Floaters are issued after the first demo fixing (2023-06-01) so every past coupon has its fixing;
 * amortizing and callable bonds keep their template's tenor (the notionals and call dates follow the schedule).
 * Deterministic: bond i is the same in every build.
 */
import { createHash } from 'node:crypto'
import { readDemoBundle } from '../../src/db/demo.ts'
import type { Bundle } from '../../src/db/bundle/schema.ts'

type BundleAsset = NonNullable<Bundle['assets']>[number]
type Dump = Record<string, unknown>

const CLASS_CODE: Record<string, string> = {
  FixedRateBond: 'FIX',
  AmortizingFixedRateBond: 'AMF',
  ZeroCouponBond: 'ZCB',
  FloatingRateBond: 'FRN',
  AmortizingFloatingRateBond: 'AFRN',
  CallableFixedRateBond: 'CALL',
}
export const BOND_CLASSES = Object.keys(CLASS_CODE)

/** A uuid derived from a name (stable across builds, like the demo's ids). */
export function stableUuid(name: string): string {
  const h = createHash('sha1').update(`fixed-income-scale:${name}`).digest('hex')
  return (
    `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}` +
    `${h.slice(17, 20)}-${h.slice(20, 32)}`
  )
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `date` (YYYY-MM-DD) moved by `months`, the day clamped to the month's end. */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const total = y * 12 + (m - 1) + months
  const year = Math.floor(total / 12)
  const month = total % 12
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

const monthsBetween = (from: string, to: string) => {
  const [y1, m1] = from.split('-').map(Number)
  const [y2, m2] = to.split('-').map(Number)
  return (y2 - y1) * 12 + (m2 - m1)
}

const round = (x: number, digits: number) => Number(x.toFixed(digits))

/** Issue dates from this month on (floaters: after the first demo fixing) … */
const FIRST_ISSUE = '2023-07'
/** … up to this one, before the demo valuation date 2026-11-20. */
const LAST_ISSUE = '2026-10'
const TENORS_YEARS = [2, 3, 5, 7, 10, 12, 15, 20, 25, 30]

export function demoBondTemplates(): BundleAsset[] {
  const bundle = readDemoBundle() as Bundle
  return (bundle.assets ?? []).filter((a) => a.pricing_details && a.pricing_details.instrument_type in CLASS_CODE)
}

/** Bond i of the data set (i from 0), built from the template i % templates.length. */
export function scaleBond(templates: BundleAsset[], i: number): BundleAsset {
  const template = templates[i % templates.length]
  const details = template.pricing_details!
  const type = details.instrument_type
  const t = details.instrument_dump as Dump
  const rnd = random(i * 2654435761 + 17)
  const dump: Dump = structuredClone(t)
  const issueTemplate = String(t.issue_date)
  const maturityTemplate = String(t.maturity_date)
  const span = monthsBetween(FIRST_ISSUE, LAST_ISSUE)
  const shift = monthsBetween(issueTemplate, FIRST_ISSUE) + Math.floor(rnd() * (span + 1))
  const keepsTenor = type.startsWith('Amortizing') || type === 'CallableFixedRateBond'
  dump.issue_date = addMonths(issueTemplate, shift)
  if (keepsTenor) {
    dump.maturity_date = addMonths(maturityTemplate, shift)
  } else {
    // a tenor that ends after the valuation date (2026-11-20) by at least a year
    const minimum = monthsBetween(String(dump.issue_date), '2027-12') / 12
    const tenors = TENORS_YEARS.filter((y) => y >= minimum)
    dump.maturity_date = addMonths(String(dump.issue_date), 12 * tenors[Math.floor(rnd() * tenors.length)])
  }
  if (Array.isArray(t.callability)) {
    dump.callability = (t.callability as Dump[]).map((c) => ({ ...c, date: addMonths(String(c.date), shift) }))
  }
  if (typeof t.coupon_rate === 'number') dump.coupon_rate = round(0.005 + rnd() * 0.07, 6)
  if (typeof t.spread === 'number') dump.spread = round(rnd() * 0.02, 6)
  if (type === 'ZeroCouponBond') dump.redemption_pct = round(100 + rnd() * 2, 4)
  const rate =
    typeof dump.coupon_rate === 'number'
      ? `${round(dump.coupon_rate * 100, 3)}`
      : typeof dump.spread === 'number'
        ? `S${Math.round(dump.spread * 10000)}`
        : 'Z'
  const currency = template.details?.currency ?? 'USD'
  const unique_identifier =
    `BOND-${CLASS_CODE[type]}-${currency}-${String(i).padStart(6, '0')}-${rate}-` + `${dump.maturity_date}`
  return {
    uid: stableUuid(`bond:${i}`),
    unique_identifier,
    asset_type: 'bond',
    details: {
      name: `${template.details?.name ?? type} variant ${i}`,
      ticker: `B${i.toString(36).toUpperCase()}`,
      isin: `XS${String(i).padStart(10, '0')}`,
      exchange_code: template.details?.exchange_code ?? null,
      security_type: type,
      security_market_sector: template.details?.security_market_sector ?? null,
      currency,
    },
    pricing_details: { ...details, instrument_dump: dump, source: 'scale' },
  }
}
