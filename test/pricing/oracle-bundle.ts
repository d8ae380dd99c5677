/**
 * Loads oracle cases (test/oracle/gen_bonds.py, gen_callable.py) into the database as a data bundle, so the
 * pricer can be tested end to end through HTTP, SQL, market-data resolution and the worker pool: every case
 * gets its own benchmark and floating index, curves, observations, fixings and curve selections in one
 * market-data set.
 */
import { createHash } from 'node:crypto'
import { loadFixture } from '../helpers/fixtures.ts'
import type { OracleCase, PoolCurve } from '../operations/oracle-cases.ts'
import { fromIso, toIso } from '../../workers/quant/time/date.ts'

export interface LoadedCase {
  case: OracleCase
  assetUid: string
  valuation: string
}

const uid = (name: string) => {
  const h = createHash('sha1').update(name).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export const SET_KEY = 'oracle'

export function oracleFixture(name: string): { cases: OracleCase[]; curves: PoolCurve[] } {
  const f = loadFixture<OracleCase>(name) as ReturnType<typeof loadFixture<OracleCase>> & { curves: PoolCurve[] }
  return { cases: f.cases, curves: f.curves }
}

export function oracleBundle(selected: { name: string; index: number; c: OracleCase; curves: PoolCurve[] }[]): {
  bundle: Record<string, unknown[]>
  loaded: LoadedCase[]
} {
  const curveNode = uid('node:curves')
  const fixingNode = uid('node:fixings')
  const setUid = uid('set:oracle')
  const bundle: Record<string, unknown[]> = {
    data_nodes: [
      { uid: curveNode, storage_table_identifier: 'oracle_curves', kind: 'discount_curves' },
      { uid: fixingNode, storage_table_identifier: 'oracle_fixings', kind: 'fixing_rates' },
    ],
    indexes: [],
    curves: [],
    curve_observations: [],
    fixings: [],
    assets: [],
    market_data_sets: [
      {
        uid: setUid,
        set_key: SET_KEY,
        display_name: 'Oracle cases',
        status: 'ACTIVE',
        bindings: [
          { uid: uid('binding:curves'), concept_key: 'discount_curves', data_node_uid: curveNode },
          { uid: uid('binding:fixings'), concept_key: 'fixing_rates', data_node_uid: fixingNode },
        ],
        curve_selections: [] as unknown[],
      },
    ],
  }
  const selections = (bundle.market_data_sets[0] as { curve_selections: unknown[] }).curve_selections
  const loaded: LoadedCase[] = []
  for (const { name, index, c, curves } of selected) {
    const key = `${name}-${index}`
    const benchmark = uid(`${key}:benchmark-index`)
    const floating = uid(`${key}:floating-index`)
    bundle.indexes.push({
      uid: benchmark,
      unique_identifier: `${key}-BENCH`,
      index_type: 'benchmark',
      display_name: `${key} benchmark`,
    })
    const addCurve = (role: string, pool: number, shift: number, selectorIndex: string) => {
      const id = `${key}-${role}`
      const curve = curves[pool]
      const reference = toIso(fromIso(c.valuation_date) - shift)
      bundle.curves.push({
        uid: uid(`${key}:${role}`),
        unique_identifier: id,
        display_name: id,
        curve_type: role === 'benchmark' ? 'discount' : role,
        source: 'oracle',
        building_details: curve.building,
      })
      bundle.curve_observations.push({
        data_node_uid: curveNode,
        curve_identifier: id,
        time_index: `${reference}T00:00:00Z`,
        nodes: curve.nodes.days_to_maturity.map((d, i) => ({ days_to_maturity: d, zero: curve.nodes.zero[i] })),
      })
      selections.push({
        role_key: role === 'benchmark' ? 'z_spread_base' : role,
        selector_type: 'index',
        selector_key: selectorIndex,
        quote_side: 'mid',
        curve_uid: uid(`${key}:${role}`),
      })
    }
    const terms: Record<string, unknown> = { ...c.terms, benchmark_rate_index_uid: benchmark }
    if (c.index) {
      terms.floating_rate_index_uid = floating
      const { identifier: _identifier, ...convention } = c.index
      bundle.indexes.push({
        uid: floating,
        unique_identifier: `${key}-IBOR`,
        index_type: 'interest_rate',
        display_name: `${key} index`,
        convention: { index_family: 'oracle', convention_dump: convention },
      })
      if (c.fixings.dates.length)
        bundle.fixings.push({
          data_node_uid: fixingNode,
          index_identifier: `${key}-IBOR`,
          fixings: c.fixings.dates.map((d, i) => ({ date: d, rate: c.fixings.rates[i] })),
        })
      addCurve('projection', c.pools.projection, c.ref_shift[1], floating)
      addCurve('discount', c.pools.discount, c.ref_shift[0], floating)
    } else {
      addCurve('discount', c.pools.discount, c.ref_shift[0], benchmark)
    }
    addCurve('benchmark', c.pools.benchmark, c.ref_shift[2], benchmark)
    const assetUid = uid(`${key}:asset`)
    bundle.assets.push({
      uid: assetUid,
      unique_identifier: key,
      asset_type: 'bond',
      pricing_details: {
        instrument_type: c.kind,
        instrument_dump: terms,
        pricing_details_date: `${c.valuation_date}T00:00:00Z`,
      },
    })
    loaded.push({
      case: { ...c, terms, index: c.index ? { ...c.index, identifier: `${key}-IBOR` } : null },
      assetUid,
      valuation: `${c.valuation_date}T00:00:00Z`,
    })
  }
  return { bundle, loaded }
}
