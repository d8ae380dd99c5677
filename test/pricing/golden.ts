/**
 * The pricing golden test's requests and how their answers are recorded: every operation of every priced bond of
 * the demo and of examples/first-bundle.json, at three valuation dates, with the parameters clients use most.
 * `npm run pricing-golden` records the answers of the code it runs (test/fixtures/pricing-golden.json.gz);
 * test/pricing/golden.test.ts proves that stored terms price exactly as recorded (new answer fields may be added).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { readDemoBundle } from '../../src/db/demo.ts'

export const PRICING_GOLDEN_PATH = fileURLToPath(new URL('../fixtures/pricing-golden.json.gz', import.meta.url))
export const EXAMPLE_BUNDLE_PATH = fileURLToPath(new URL('../../examples/first-bundle.json', import.meta.url))

export interface GoldenRequest {
  url: string
  body: Record<string, unknown>
}
export interface GoldenAnswer extends GoldenRequest {
  status: number
  answer: unknown
}

interface BundleAsset {
  uid: string
  pricing_details?: { instrument_type: string; instrument_dump: Record<string, unknown> }
}

const BOND_CLASSES = new Set([
  'FixedRateBond',
  'CallableFixedRateBond',
  'AmortizingFixedRateBond',
  'ZeroCouponBond',
  'FloatingRateBond',
  'AmortizingFloatingRateBond',
])
const DATES = ['2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z', '2026-11-24T00:00:00Z']

export const exampleBundle = (): Record<string, unknown> =>
  JSON.parse(readFileSync(EXAMPLE_BUNDLE_PATH, 'utf8')) as Record<string, unknown>

function bonds(bundle: Record<string, unknown>, set: string): { uid: string; set: string }[] {
  return ((bundle.assets ?? []) as BundleAsset[])
    .filter((a) => a.pricing_details && BOND_CLASSES.has(a.pricing_details.instrument_type))
    .map((a) => ({ uid: a.uid, set }))
}

/** Every request but z-spread's, whose target is the answer of price (see recordPricingAnswers). */
export function pricingGoldenRequests(): GoldenRequest[] {
  const requests: GoldenRequest[] = []
  const assets = [
    ...bonds(readDemoBundle() as Record<string, unknown>, 'default'),
    ...bonds(exampleBundle(), 'example'),
  ]
  for (const { uid, set } of assets) {
    for (const valuation_date of DATES) {
      const op = (key: string, parameters?: Record<string, unknown>) =>
        requests.push({
          url: `/api/v1/pricing/assets/${uid}/${key}/`,
          body: { valuation_date, market_data_set: set, ...(parameters ? { parameters } : {}) },
        })
      op('price')
      op('price', { with_yield: 0.04 })
      op('analytics')
      op('analytics', { with_yield: 0.045, flat_compounding: 'Continuous' })
      for (const duration_type of ['Simple', 'Macaulay', 'Modified', 'Effective', 'KeyRate'])
        op('duration', { duration_type })
      op('yield')
      op('yield', { override_clean_price: 99 })
      op('cashflows')
      op('cashflows', { include_paid: true })
      op('net-cashflows')
      op('carry-roll-down', { horizon_days: 30 })
      op('curve-preview')
      op('fixings-availability')
    }
  }
  return requests
}

/** The answers of `requests`, and a z-spread to each price answered (its target: that NPV less 1 in currency). */
export async function recordPricingAnswers(
  app: FastifyInstance,
  requests: readonly GoldenRequest[],
): Promise<GoldenAnswer[]> {
  const answers: GoldenAnswer[] = []
  const send = async (r: GoldenRequest) => {
    const response = await app.inject({ method: 'POST', url: r.url, payload: r.body })
    const answer: GoldenAnswer = { ...r, status: response.statusCode, answer: JSON.parse(response.body) as unknown }
    answers.push(answer)
    return answer
  }
  for (const r of requests) {
    const a = await send(r)
    if (a.status === 200 && r.url.endsWith('/price/') && r.body.parameters === undefined) {
      const npv = (a.answer as { price: number }).price
      await send({
        url: r.url.replace(/price\/$/, 'z-spread/'),
        body: { ...r.body, parameters: { target_dirty_ccy: npv - 1 } },
      })
    }
  }
  return answers
}

export function writePricingGolden(answers: GoldenAnswer[]): void {
  writeFileSync(PRICING_GOLDEN_PATH, gzipSync(JSON.stringify(answers), { level: 9 }))
}

export function readPricingGolden(): GoldenAnswer[] {
  return JSON.parse(gunzipSync(readFileSync(PRICING_GOLDEN_PATH)).toString('utf8')) as GoldenAnswer[]
}

/**
 * Where `actual` differs from `recorded`: every recorded field must be there with the same value (numbers bit for
 * bit), arrays element by element with the same length; fields the code has added since are allowed.
 */
export function goldenDifferences(recorded: unknown, actual: unknown, path = '$'): string[] {
  if (typeof recorded === 'number' && typeof actual === 'number')
    return Object.is(recorded, actual) ? [] : [`${path}: ${actual} != ${recorded}`]
  if (Array.isArray(recorded)) {
    if (!Array.isArray(actual) || actual.length !== recorded.length)
      return [`${path}: ${JSON.stringify(actual)?.slice(0, 200)} != ${JSON.stringify(recorded).slice(0, 200)}`]
    return recorded.flatMap((r, i) => goldenDifferences(r, actual[i], `${path}[${i}]`))
  }
  if (recorded !== null && typeof recorded === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: not an object`]
    return Object.entries(recorded).flatMap(([k, v]) =>
      goldenDifferences(v, (actual as Record<string, unknown>)[k], `${path}.${k}`),
    )
  }
  return recorded === actual ? [] : [`${path}: ${JSON.stringify(actual)} != ${JSON.stringify(recorded)}`]
}
