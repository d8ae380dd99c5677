/**
 * A fixing history as one SharedArrayBuffer (the task's `fixings[identifier].buffer`, see src/contracts/pricing.ts
 * TaskFixings): n rates as Float64 from byte 0, then n date serials (workers/quant/time/date.ts `fromIso`) as
 * Int32 from byte 8n; its byte length is 12n. The main thread encodes each fixing set once and every task on it
 * shares the buffer (a structured clone passes it by reference); each worker decodes a key once (market.ts).
 * Nothing writes a buffer after `encodeFixings` returns it.
 */
import type { DateSerial } from '../quant/types.ts'
import { fromIso } from '../quant/time/date.ts'

const BYTES_PER_FIXING = Float64Array.BYTES_PER_ELEMENT + Int32Array.BYTES_PER_ELEMENT

/**
 * The buffer of fixings given as ISO dates (ascending) and rates; throws QuantInputError (field `fixings`) on a date it
 * cannot read.
 */
export function encodeFixings(dates: readonly string[], rates: readonly number[]): SharedArrayBuffer {
  if (dates.length !== rates.length) throw new RangeError(`fixings: ${dates.length} dates but ${rates.length} rates`)
  const n = dates.length
  const buffer = new SharedArrayBuffer(n * BYTES_PER_FIXING)
  const r = new Float64Array(buffer, 0, n)
  const d = new Int32Array(buffer, n * Float64Array.BYTES_PER_ELEMENT, n)
  for (let i = 0; i < n; i++) {
    d[i] = fromIso(dates[i], 'fixings')
    r[i] = rates[i]
  }
  return buffer
}

/** The history of a buffer: a new Map, date serial to rate. */
export function decodeFixings(buffer: SharedArrayBuffer): Map<DateSerial, number> {
  const n = buffer.byteLength / BYTES_PER_FIXING
  if (!Number.isInteger(n))
    throw new RangeError(`fixings: a buffer of ${buffer.byteLength} bytes is not a fixing history`)
  const r = new Float64Array(buffer, 0, n)
  const d = new Int32Array(buffer, n * Float64Array.BYTES_PER_ELEMENT, n)
  const history = new Map<DateSerial, number>()
  for (let i = 0; i < n; i++) history.set(d[i], r[i])
  return history
}
