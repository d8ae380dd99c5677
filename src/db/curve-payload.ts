/**
 * Stored curve observations: `curve` (and `key_nodes`) are gzip+base64 of JSON (design §3); the curve object
 * maps days_to_maturity to the zero rate, `{"30": 0.031, "90": 0.032}`.
 */
import { gzipSync, gunzipSync } from 'node:zlib'

export interface CurveNodes {
  days_to_maturity: number[]
  zero: number[]
}

export function encodePayload(value: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(value))).toString('base64')
}

export function decodePayload(text: string): unknown {
  return JSON.parse(gunzipSync(Buffer.from(text, 'base64')).toString('utf8'))
}

export function encodeCurve(nodes: { days_to_maturity: number; zero: number }[]): string {
  const sorted = [...nodes].sort((a, b) => a.days_to_maturity - b.days_to_maturity)
  return encodePayload(Object.fromEntries(sorted.map((n) => [String(n.days_to_maturity), n.zero])))
}

/** A zero-inflation curve observation (design §5.1): lag, day counter, nodes by date (the first is the base). */
export interface InflationCurvePayload {
  kind: 'zero_inflation'
  lag: string
  day_counter: string
  nodes: { date: string; rate: number }[]
}

export const encodeInflationCurve = (c: Omit<InflationCurvePayload, 'kind'>): string =>
  encodePayload({ kind: 'zero_inflation', lag: c.lag, day_counter: c.day_counter, nodes: c.nodes })

/** The inflation observation a payload holds, or null for a yield curve's. */
export function decodeInflationCurve(text: string): InflationCurvePayload | null {
  const value = decodePayload(text) as Partial<InflationCurvePayload> | null
  return value && value.kind === 'zero_inflation' ? (value as InflationCurvePayload) : null
}

/**
 * Nodes sorted by days_to_maturity (object key order is not trusted); an inflation observation's nodes as days from
 * `referenceDate` (YYYY-MM-DD) and their zero-inflation rates, for display.
 */
export function decodeCurve(text: string, referenceDate?: string): CurveNodes {
  const inflation = decodeInflationCurve(text)
  if (inflation) {
    const base = Date.parse(referenceDate ?? inflation.nodes[0].date)
    return {
      days_to_maturity: inflation.nodes.map((n) => Math.round((Date.parse(n.date) - base) / 86_400_000)),
      zero: inflation.nodes.map((n) => n.rate),
    }
  }
  const obj = decodePayload(text) as Record<string, number>
  const entries = Object.entries(obj)
    .map(([d, z]) => [Number(d), Number(z)] as const)
    .sort((a, b) => a[0] - b[0])
  return { days_to_maturity: entries.map((e) => e[0]), zero: entries.map((e) => e[1]) }
}
