/**
 * The small data set of the list golden test: a deterministic bundle (no demo data, so a demo change never
 * moves the golden answers) with what makes list answers differ when SQL changes: identifiers that differ only
 * in case, ties broken by uid, non-ASCII letters, the LIKE metacharacters % and _, NULLs in searched columns,
 * several snapshots per asset, categories from empty to most assets, and children of several calendars.
 */
import { createHash } from 'node:crypto'
import type { Bundle } from '../../src/db/bundle/schema.ts'

/** A version-4-shaped uuid from a name, so every uid is fixed. */
export function uidOf(name: string): string {
  const h = createHash('md5').update(`golden:${name}`).digest('hex')
  return (
    `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16], 16) % 4]}${h.slice(17, 20)}-` +
    `${h.slice(20, 32)}`
  )
}

/** mulberry32: a small seeded generator, the same sequence everywhere */
function rng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const STEMS = [
  'Bond',
  'bond',
  'BOND',
  'Note',
  'note',
  'Équity',
  'équity',
  'Swap_1',
  'Swap%2',
  'alpha',
  'Alpha',
  'ZETA',
  'zeta',
  'über',
  'Ueber',
  'a b',
  'A-B',
  'x_y',
  'x%y',
  'Ω-omega',
]
const TYPES = ['bond', 'Bond', 'equity', 'future', null, 'BOND_FUTURE']
const NAMES = [
  'Treasury',
  'treasury note',
  'Corp Bond',
  'ÉCU holdings',
  null,
  'Alpha Fund',
  'ZETA Corp',
  'swap_line',
  '100% cash',
]
const TICKERS = ['UST', 'ust', 'AAPL', 'bnd_1', 'X%Y', null, 'ÉTF', 'ZZ']

const day = (base: string, n: number) =>
  new Date(Date.parse(`${base}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

export function goldenBundle(): Bundle {
  const r = rng(20261124)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]

  const fixingNode = uidOf('node:fixings')
  const curveNode = uidOf('node:curves')
  const indexes = Array.from({ length: 14 }, (_, i) => ({
    uid: uidOf(`index:${i}`),
    unique_identifier: `${pick(['EUR', 'eur', 'USD', 'Usd_', 'GBP%'])}-IDX-${String(i).padStart(2, '0')}`,
    index_type: pick(['rate', 'Rate', 'benchmark']),
    display_name: pick(['Euribor', 'euribor', 'SOFR', 'Sofr index', 'Ω rate', 'x_y']),
    calculation_method: pick(['formula', 'custom'] as const),
    description: pick(['overnight rate', null, 'Term_rate 100%', 'ÉCU']),
  }))
  const curves = Array.from({ length: 40 }, (_, i) => ({
    uid: uidOf(`curve:${i}`),
    unique_identifier: `${pick(STEMS)}-curve-${String(i).padStart(2, '0')}`,
    display_name: `Curve ${i}`,
    curve_type: pick(['zero', 'ZERO', 'forward']),
    source: pick(['bbg', 'internal', null]),
    currency_code: pick(['EUR', 'USD', null]),
  }))
  const sets = Array.from({ length: 5 }, (_, i) => ({
    uid: uidOf(`set:${i}`),
    set_key: pick(['default', 'Default', 'eod', 'intraday', 'x_y']) + `-${i}`,
    display_name: `Set ${i}`,
    status: pick(['ACTIVE', 'INACTIVE']),
    bindings: [
      { uid: uidOf(`binding:${i}:curves`), concept_key: 'discount_curves', data_node_uid: curveNode },
      ...(i % 2 === 0
        ? [{ uid: uidOf(`binding:${i}:fixings`), concept_key: 'fixing_rates', data_node_uid: fixingNode }]
        : []),
    ],
    curve_selections: Array.from({ length: 1 + (i % 4) }, (_, k) => ({
      uid: uidOf(`selection:${i}:${k}`),
      role_key: pick(['discount', 'projection', 'z_spread_base']),
      selector_key: indexes[(i * 3 + k) % indexes.length].uid,
      quote_side: pick(['mid', 'bid', 'ask']) + (k ? `-${k}` : ''),
      curve_uid: curves[(i + k * 7) % 5].uid,
    })),
  }))

  const assets = Array.from({ length: 420 }, (_, i) => {
    const identifier =
      `${pick(STEMS)}-${String(Math.floor(i / 3)).padStart(3, '0')}` +
      `${i % 3 === 0 ? '' : pick(['', 'a', 'A', '_', 'é'])}-${i}`
    const snapshots = Array.from({ length: i % 4 === 0 ? 0 : (i % 3) + 1 }, (_, k) => ({
      time_index: `2026-0${k + 1}-15T00:00:00Z`,
      name: pick(NAMES),
      ticker: pick(TICKERS),
    }))
    return {
      uid: uidOf(`asset:${i}`),
      unique_identifier: identifier,
      asset_type: pick(TYPES),
      ...(i % 3 !== 1
        ? {
            details: {
              name: pick(NAMES),
              ticker: pick(TICKERS),
              figi: i % 5 === 0 ? `BBG${String(i).padStart(9, '0')}` : null,
              currency: pick(['EUR', 'USD', null]),
            },
          }
        : {}),
      ...(snapshots.length ? { snapshots } : {}),
    }
  })
  // the same lower() for several identifiers: ties broken by uid
  assets.push(
    ...['TIE-1', 'tie-1', 'Tie-1', 'tIE-1'].map((identifier, k) => ({
      uid: uidOf(`tie:${k}`),
      unique_identifier: identifier,
      asset_type: 'bond' as string | null,
    })),
  )

  const categorySizes = [0, 1, 7, 60, 130, 300, 380, 12, 25]
  const asset_categories = categorySizes.map((size, i) => ({
    uid: uidOf(`category:${i}`),
    unique_identifier: `${pick(STEMS)}-cat-${i}`,
    display_name: pick(['Core', 'core', 'Émerging', 'x_y 100%', 'Liquid', 'liquid']),
    description: pick(['main book', null, 'Bond_ladder', 'über']),
    asset_uids: assets.filter((_, k) => (k * 7 + i * 13) % assets.length < size).map((a) => a.uid),
  }))

  const calendars = Array.from({ length: 6 }, (_, i) => ({
    uid: uidOf(`calendar:${i}`),
    unique_identifier: `${pick(['NYSE', 'nyse', 'XLON', 'Target_2', 'tokyo%'])}-${i}`,
    display_name: pick(['New York', 'london', 'Target', 'Tōkyō']),
    calendar_type: pick(['TRADING', 'SETTLEMENT', 'FIXING']),
    source: pick(['exchange', 'QuantLib', null]),
    source_identifier: pick(['NYSE', 'UnitedKingdom', null]),
    valid_from: '2020-01-01',
    valid_to: '2030-12-31',
    dates:
      i < 3
        ? Array.from({ length: 240 }, (_, d) => {
            const date = day('2026-01-01', d)
            const weekend = [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())
            const holiday = !weekend && r() < 0.05
            return {
              uid: uidOf(`date:${i}:${d}`),
              local_date: date,
              is_business_day: !weekend && !holiday,
              is_weekend: weekend,
              is_holiday: holiday,
              is_early_close: !weekend && r() < 0.03,
              holiday_name: holiday ? pick(['Holiday', 'holiday_x']) : null,
            }
          })
        : [],
    sessions:
      i < 2
        ? Array.from({ length: 90 }, (_, d) => ({
            uid: uidOf(`session:${i}:${d}`),
            local_date: day('2026-03-01', Math.floor(d / 2)),
            session_label: d % 2 ? 'regular' : pick(['pre', 'Pre', 'auction']),
            opens_at: `${day('2026-03-01', Math.floor(d / 2))}T14:30:00Z`,
            closes_at: `${day('2026-03-01', Math.floor(d / 2))}T21:00:00Z`,
            is_primary: d % 2 === 1,
          }))
        : [],
    events:
      i < 2
        ? Array.from({ length: 70 }, (_, d) => ({
            uid: uidOf(`event:${i}:${d}`),
            event_date: d % 11 === 0 ? null : day('2026-02-01', Math.floor(d / 3)),
            event_type: pick(['DIVIDEND', 'COUPON', 'HOLIDAY']),
            event_label: `${pick(['', 'q1', 'Q1', 'special'])}${d}`,
            target_type: pick(['', 'asset', 'portfolio']),
            target_uid: d % 5 === 0 ? assets[d].uid : null,
            target_identifier: d % 5 === 0 ? assets[d].unique_identifier : '',
          }))
        : [],
  }))

  const signals = [0, 1, 2].map((i) => ({
    uid: uidOf(`signal:${i}`),
    signal_uid: `${pick(['Sig', 'sig_', 'SIG%'])}-${i}`,
  }))
  const portfolios = Array.from({ length: 130 }, (_, i) => ({
    uid: uidOf(`portfolio:${i}`),
    unique_identifier: `${pick(STEMS)}-pf-${String(i % 60).padStart(2, '0')}-${i}`,
    calendar_uid: calendars[i % calendars.length].uid,
    published_index_uid: i % 4 === 0 ? indexes[i % indexes.length].uid : null,
    signal_uid: i % 5 === 0 ? signals[i % 3].signal_uid : null,
    ...(i < 3
      ? {
          weights: [0, 1].flatMap((t) =>
            assets.slice(i * 5, i * 5 + 4).map((a, k) => ({
              time_index: `2026-0${t + 1}-01T00:00:00Z`,
              asset_identifier: a.unique_identifier,
              weight: (k + 1) / 10,
            })),
          ),
          values: [0, 1, 2].map((t) => ({
            time_index: `2026-0${t + 1}-01T00:00:00Z`,
            close: 100 + t,
            return: t / 100,
          })),
        }
      : {}),
  }))
  const portfolio_groups = Array.from({ length: 12 }, (_, i) => ({
    uid: uidOf(`group:${i}`),
    unique_identifier: `${pick(STEMS)}-grp-${i}`,
    display_name: pick(['Core', 'core', 'Émerging', 'x_y 100%', 'Satellite']),
    description: pick([null, 'main']),
    portfolio_uids: portfolios.filter((_, k) => (k + i) % (i + 2) === 0).map((p) => p.uid),
  }))

  const accounts = Array.from({ length: 45 }, (_, i) => ({
    uid: uidOf(`account:${i}`),
    unique_identifier: `${pick(STEMS)}-acct-${i}`,
    account_name: pick(['Main', 'main', 'Émile fund', 'x_y 100%', 'Pension', 'pension']),
    is_paper: i % 2 === 0,
    account_is_active: i % 3 !== 0,
    ...(i < 4
      ? {
          holdings: [0, 1].map((t) => ({
            uid: uidOf(`holdings:${i}:${t}`),
            time_index: `2026-0${t + 3}-01T00:00:00Z`,
            positions: assets.slice(i * 10 + t, i * 10 + t + 6).map((a, k) => ({
              asset_identifier: a.unique_identifier,
              quantity: (k + 1) * 100,
              direction: (k % 3 === 0 ? -1 : 1) as 1 | -1,
            })),
          })),
          target_positions: [
            {
              uid: uidOf(`positions:${i}`),
              time_index: '2026-04-01T00:00:00Z',
              positions: [
                ...assets.slice(i * 3, i * 3 + 3).map((a, k) => ({
                  target_type: 'asset' as const,
                  target_uid: a.uid,
                  weight_notional_exposure: (k + 1) / 10,
                })),
                { target_type: 'portfolio' as const, target_uid: portfolios[i].uid, single_asset_quantity: 5 },
              ],
            },
          ],
        }
      : {}),
  }))
  const virtual_funds = Array.from({ length: 32 }, (_, i) => ({
    uid: uidOf(`fund:${i}`),
    unique_identifier: `${pick(STEMS)}-vf-${i}`,
    account_uid: accounts[i % 6].uid,
    target_portfolio_uid: portfolios[i % 9].uid,
    ...(i % 6 < 4 && i < 8
      ? {
          holdings: [
            {
              uid: uidOf(`fund-holdings:${i}`),
              source_account_holdings_set_uid: uidOf(`holdings:${i % 6}:1`),
              time_index: '2026-04-01T00:00:00Z',
              positions: assets
                .slice((i % 6) * 10 + 1, (i % 6) * 10 + 4)
                .map((a, k) => ({ asset_identifier: a.unique_identifier, allocated_quantity: 10 * (k + 1) + i })),
            },
          ],
        }
      : {}),
  }))

  return {
    description: 'list golden test data (test/lists/golden-data.ts)',
    indexes,
    data_nodes: [
      { uid: curveNode, storage_table_identifier: 'golden_discount_curves', kind: 'discount_curves' },
      { uid: fixingNode, storage_table_identifier: 'golden_fixings', kind: 'fixing_rates' },
    ],
    curves,
    fixings: indexes
      .filter((_, i) => i % 3 === 0)
      .map((x) => ({
        data_node_uid: fixingNode,
        index_identifier: x.unique_identifier,
        fixings: [{ date: '2026-01-02', rate: 0.03 }],
      })),
    market_data_sets: sets,
    assets,
    asset_categories,
    calendars,
    signals,
    portfolios,
    portfolio_groups,
    accounts,
    virtual_funds,
  } as Bundle
}
