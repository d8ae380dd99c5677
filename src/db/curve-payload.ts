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

/** Nodes sorted by days_to_maturity (object key order is not trusted). */
export function decodeCurve(text: string): CurveNodes {
  const obj = decodePayload(text) as Record<string, number>
  const entries = Object.entries(obj)
    .map(([d, z]) => [Number(d), Number(z)] as const)
    .sort((a, b) => a[0] - b[0])
  return { days_to_maturity: entries.map((e) => e[0]), zero: entries.map((e) => e[1]) }
}
