/**
 * A pathological callable, as the fuzzer found it: the demo's Acme callable with `calls` daily call
 * dates. 10,711 of them took 5 s and 2.6 GB per pricing; the loader now refuses more than
 * TERMS_LIMITS.callDates, and at the limit it prices in about 100 ms per tree. Shared by bench/isolation and
 * the isolation tests.
 */
import { readDemoBundle } from '../../src/db/demo.ts'

interface DemoAsset {
  uid: string
  unique_identifier: string
  pricing_details: { instrument_dump: Record<string, unknown> } & Record<string, unknown>
  [key: string]: unknown
}

const DAY = 86_400_000

/** An asset (bundle entry) beside the demo's: its uid and identifier derive from `calls`. */
export function pathologicalCallable(calls: number, first = '2027-01-04'): DemoAsset {
  const demo = readDemoBundle() as { assets: DemoAsset[] }
  const acme = structuredClone(demo.assets.find((a) => a.unique_identifier === 'ACME-5.0-2034-06-01-CALL')!)
  const start = Date.parse(`${first}T00:00:00Z`)
  const date = (i: number) => new Date(start + i * DAY).toISOString().slice(0, 10)
  const id = `ACME-DAILY-CALLS-${calls}`
  return {
    ...acme,
    uid: `00000000-0000-4000-8000-${String(calls).padStart(12, '0')}`,
    unique_identifier: id,
    details: {
      ...(acme.details as Record<string, unknown>),
      name: `Acme callable with ${calls} daily call dates`,
      isin: null,
      figi: null,
      composite_figi: null,
    },
    snapshots: [],
    pricing_details: {
      ...acme.pricing_details,
      instrument_dump: {
        ...acme.pricing_details.instrument_dump,
        maturity_date: date(calls + 30),
        callability: Array.from({ length: calls }, (_, i) => ({
          date: date(i),
          type: 'Call',
          price: 100,
          price_type: 'Clean',
        })),
      },
    },
  }
}
