/**
 * The demo market (its curve history starts on 24 August) less one observation (a gap: a curve missing on one day),
 * and a set `shifted` whose curves are today's moved by each curve's change from START to END (at today's node
 * tenors): what a historical scenario ending on END should price as.
 */
import { readDemoBundle } from '../../src/db/demo.ts'

type Obs = {
  data_node_uid: string
  curve_identifier: string
  time_index: string
  nodes: ({ days_to_maturity: number; zero: number } | { date: string; rate: number })[]
  [k: string]: unknown
}
type Bundle = {
  curve_observations: Obs[]
  data_nodes: Record<string, unknown>[]
  market_data_sets: ({ set_key: string; bindings: Record<string, unknown>[] } & Record<string, unknown>)[]
}

export const TODAY = '2026-11-20'
export const END = '2026-11-13' // the scenario the shifted set reproduces (a Friday)
export const START = '2026-11-12'
export const GAP = { curve: 'USD-SOFR-OIS', day: '2026-11-05' }
const DAY = 86_400_000

/** A curve observation's zero rate (or inflation rate) at `days` from its own date: linear, flat beyond. */
function rateAt(o: Obs, days: number): number {
  const day = Date.parse(o.time_index.slice(0, 10))
  const pts = o.nodes.map((n) =>
    'date' in n ? [(Date.parse(n.date) - day) / DAY, n.rate] : [n.days_to_maturity, n.zero],
  )
  if (days <= pts[0][0]) return pts[0][1]
  if (days >= pts[pts.length - 1][0]) return pts[pts.length - 1][1]
  let i = 1
  while (pts[i][0] < days) i++
  if (pts[i][0] === days) return pts[i][1]
  return pts[i - 1][1] + ((days - pts[i - 1][0]) / (pts[i][0] - pts[i - 1][0])) * (pts[i][1] - pts[i - 1][1])
}

/** The demo (curve history from 24 August) with one gap, and a set shifted by END's changes. */
export function market(): Bundle {
  const demo = readDemoBundle() as Bundle
  const today = demo.curve_observations.filter((o) => o.time_index.startsWith(TODAY))
  const all = demo.curve_observations.filter(
    (o) => !(o.curve_identifier === GAP.curve && o.time_index.startsWith(GAP.day)),
  )
  const on = (id: string, day: string) => all.find((o) => o.curve_identifier === id && o.time_index.startsWith(day))!
  // today's nodes moved by each curve's change from START to END, read at today's node tenors
  const node = {
    ...demo.data_nodes[0],
    uid: '9a7c1c3e-0d0e-4b8e-9a52-5a0f4b0e0001',
    storage_table_identifier: 'shifted',
  }
  const shifted = today.map((o) => {
    const to = on(o.curve_identifier, END)
    const from = on(o.curve_identifier, START)
    const days = (n: Obs['nodes'][number]) =>
      'date' in n ? (Date.parse(n.date) - Date.parse(TODAY)) / DAY : n.days_to_maturity
    return {
      ...o,
      data_node_uid: node.uid,
      nodes: o.nodes.map((n) => {
        const change = rateAt(to, days(n)) - rateAt(from, days(n))
        return 'date' in n ? { date: n.date, rate: n.rate + change } : { ...n, zero: n.zero + change }
      }),
    }
  })
  const set = demo.market_data_sets[0]
  const copy = JSON.parse(JSON.stringify(set)) as Bundle['market_data_sets'][number]
  copy.uid = '9a7c1c3e-0d0e-4b8e-9a52-5a0f4b0e0002'
  copy.set_key = 'shifted'
  copy.bindings = set.bindings.map((b, i) => ({
    ...b,
    uid: `9a7c1c3e-0d0e-4b8e-9a52-5a0f4b0e001${i}`,
    ...(b.concept_key === 'discount_curves' ? { data_node_uid: node.uid, storage_table_identifier: 'shifted' } : {}),
  }))
  return {
    ...demo,
    data_nodes: [...demo.data_nodes, node],
    curve_observations: [...all, ...shifted],
    market_data_sets: [...demo.market_data_sets, copy],
  }
}
