/**
 * The list golden test's requests and how their answers are recorded: every collection and frame route, with
 * its filters, `search` terms, first, middle, last and past-the-end pages, over the data of golden-data.ts.
 * `npm run lists-golden` records the answers of the code it runs (test/fixtures/lists-golden.json.gz);
 * test/lists/golden.test.ts proves the code of today answers exactly the same.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { goldenBundle, uidOf } from './golden-data.ts'

export const GOLDEN_PATH = fileURLToPath(new URL('../fixtures/lists-golden.json.gz', import.meta.url))

export interface GoldenAnswer {
  status: number
  body: unknown
}
export type Golden = Record<string, GoldenAnswer>

const SEARCHES = [
  'a',
  'A',
  'bond',
  'BOND',
  'é',
  'É',
  '%',
  '_',
  'x_y',
  'x%y',
  '100%',
  'none-zzz',
  '-0',
  'Ω',
  'ust',
  'treasury',
  'tie-1',
  ' ',
  'a b',
  '\\',
  '0-1',
  'core',
  'main',
  '-pf-',
  '4',
]
const PAGES = [0, 7, 21, 140, 280, 413, 700]

const query = (params: Record<string, string | number | undefined>): string => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.append(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** The default page, then pages of 7 at every offset of PAGES. */
function paged(path: string, params: Record<string, string | number | undefined> = {}): string[] {
  return [`${path}${query(params)}`, ...PAGES.map((offset) => `${path}${query({ ...params, limit: 7, offset })}`)]
}

export function goldenRequests(): string[] {
  const b = goldenBundle()
  const api = '/api/v1'
  const urls: string[] = []
  const some = <T>(xs: T[] | undefined, n: number): T[] =>
    (xs ?? []).filter((_, i) => i % Math.max(1, Math.floor((xs ?? []).length / n)) === 0).slice(0, n)
  const assetUidPart = b.assets![5].uid.slice(0, 8)
  const searches = [...SEARCHES, assetUidPart, '']

  // assets: search, category, both; the monitor frame (offsets need no alignment)
  for (const search of searches) urls.push(...paged(`${api}/asset/`, { search }))
  for (const c of b.asset_categories!) {
    urls.push(...paged(`${api}/asset/`, { categories__uid: c.uid }))
    for (const search of ['bond', 'a', 'é', '_'])
      urls.push(...paged(`${api}/asset/`, { categories__uid: c.uid, search }))
    urls.push(`${api}/asset-category/${c.uid}/`)
  }
  urls.push(...paged(`${api}/asset/`, { categories__uid: uidOf('no-such-category') }))
  const frame = `${api}/asset/monitor/frame/`
  for (const search of [...searches, undefined]) {
    for (const offset of [0, 3, 100, 250, 418, 600]) urls.push(`${frame}${query({ search, limit: 7, offset })}`)
    urls.push(`${frame}${query({ search })}`)
  }
  for (const asset_type of ['bond', 'Bond', 'equity', 'BOND_FUTURE', 'nothing']) {
    for (const offset of [0, 5, 60]) urls.push(`${frame}${query({ asset_type, limit: 7, offset })}`)
    urls.push(`${frame}${query({ asset_type, search: 'a' })}`)
  }
  const ids = [
    b.assets![3].unique_identifier,
    b.assets![1].unique_identifier,
    'missing-id',
    b.assets![3].unique_identifier,
    'tie-1',
    'TIE-1',
  ]
  urls.push(`${frame}?${ids.map((x) => `unique_identifiers=${encodeURIComponent(x)}`).join('&')}`)
  urls.push(
    `${frame}?${ids.map((x) => `unique_identifiers=${encodeURIComponent(x)}`).join('&')}&search=zzz&limit=2&offset=1`,
  )
  urls.push(`${frame}?${ids.map((x) => `unique_identifiers=${encodeURIComponent(x)}`).join('&')}&asset_type=bond`)

  // asset categories
  for (const search of searches) urls.push(...paged(`${api}/asset-category/`, { search }))

  // accounts, target-allocation candidates, holdings and positions
  for (const search of searches) urls.push(...paged(`${api}/account/`, { search }))
  for (const target_type of ['all', 'asset', 'portfolio', undefined]) {
    for (const search of searches)
      urls.push(...paged(`${api}/account/target-allocation/targets/`, { target_type, search }))
  }
  urls.push(
    ...[400, 420, 427, 434, 525, 546].map(
      (offset) => `${api}/account/target-allocation/targets/${query({ limit: 7, offset })}`,
    ),
  )
  for (const a of b.accounts!.slice(0, 6)) {
    for (const tail of [
      'holdings/',
      'holdings/?order=asc',
      'holdings/by-fund/',
      'target-positions/',
      'holdings/?holdings_date=2026-03-01T00:00:00Z',
    ])
      urls.push(`${api}/account/${a.uid}/${tail}`)
  }

  // portfolios, groups, memberships both ways, weights and series frames
  for (const search of searches) urls.push(...paged(`${api}/portfolio/`, { search }))
  for (const c of b.calendars!)
    urls.push(
      ...paged(`${api}/portfolio/`, { calendar_uid: c.uid }),
      ...paged(`${api}/portfolio/`, { calendar_uid: c.uid, search: 'a' }),
    )
  for (const search of searches) urls.push(...paged(`${api}/portfolio-group/`, { search }))
  for (const g of some(b.portfolio_groups, 4))
    urls.push(
      ...paged(`${api}/portfolio-group/`, { unique_identifier: g.unique_identifier }),
      ...paged(`${api}/portfolio-group/`, { display_name: g.display_name }),
    )
  for (const g of b.portfolio_groups!) urls.push(...paged(`${api}/portfolio-group/${g.uid}/portfolios/`))
  for (const p of some(b.portfolios, 12)) urls.push(...paged(`${api}/portfolio/${p.uid}/groups/`))
  for (const p of b.portfolios!.slice(0, 4)) {
    for (const tail of [
      'weights/',
      'weights/?order=asc',
      'portfolio_values/',
      'portfolio_values/?order=asc&limit=2',
      'signals_weights/',
    ])
      urls.push(`${api}/portfolio/${p.uid}/${tail}`)
  }

  // virtual funds
  for (const search of searches) urls.push(...paged(`${api}/virtualfund/`, { search }))
  for (const a of b.accounts!.slice(0, 7)) urls.push(...paged(`${api}/virtualfund/`, { account_uid: a.uid }))
  for (const p of b.portfolios!.slice(0, 10))
    urls.push(
      ...paged(`${api}/virtualfund/`, { portfolio_uid: p.uid }),
      ...paged(`${api}/virtualfund/`, { portfolio_uid: p.uid, account_uid: b.accounts![0].uid }),
    )
  for (const f of b.virtual_funds!.slice(0, 8)) urls.push(`${api}/virtualfund/${f.uid}/holdings/`)

  // calendars and their children
  for (const search of searches) urls.push(...paged(`${api}/calendar/`, { search }))
  for (const c of b.calendars!) {
    for (const [k, v] of [
      ['unique_identifier', c.unique_identifier],
      ['unique_identifier_contains', c.unique_identifier.slice(0, 3)],
      ['calendar_type', c.calendar_type],
      ['calendar_type', c.calendar_type.toLowerCase()],
      ['source', c.source ?? 'none'],
      ['source_identifier', c.source_identifier ?? 'none'],
    ] as const) {
      urls.push(...paged(`${api}/calendar/`, { [k]: v }))
    }
  }
  for (const c of b.calendars!.slice(0, 4)) {
    const base = `${api}/calendar/${c.uid}`
    const dateFilters: Record<string, string | undefined>[] = [
      {},
      { start_date: '2026-02-01' },
      { end_date: '2026-03-15' },
      { start_date: '2026-02-01', end_date: '2026-02-28' },
      { is_business_day: 'true' },
      { is_business_day: 'false' },
      { is_holiday: 'true' },
      { is_weekend: 'false', is_early_close: 'true' },
    ]
    for (const f of dateFilters)
      for (const offset of [0, 35, 70, 210, 245]) urls.push(`${base}/dates/${query({ ...f, limit: 35, offset })}`)
    urls.push(`${base}/dates/`)
    for (const f of [
      {},
      { start_date: '2026-03-10' },
      { session_label: 'regular' },
      { session_label: 'Pre' },
      { is_primary: 'false' },
      { end_date: '2026-03-20', is_primary: 'true' },
    ] as Record<string, string>[]) {
      for (const offset of [0, 14, 84]) urls.push(`${base}/sessions/${query({ ...f, limit: 14, offset })}`)
    }
    urls.push(`${base}/sessions/`, `${base}/events/`)
    for (const f of [
      {},
      { start_date: '2026-02-10' },
      { end_date: '2026-02-15' },
      { event_type: 'COUPON' },
      { event_label: 'q12' },
      { target_type: 'asset' },
      { target_type: '' },
      { target_uid: b.assets![0].uid },
      { target_identifier: b.assets![5].unique_identifier },
    ] as Record<string, string>[]) {
      for (const offset of [0, 10, 60]) urls.push(`${base}/events/${query({ ...f, limit: 10, offset })}`)
    }
  }

  // curves, their selections, market data
  for (const search of searches) urls.push(...paged(`${api}/pricing/curves/`, { search }))
  for (const curve_type of ['zero', 'ZERO', 'forward'])
    urls.push(
      ...paged(`${api}/pricing/curves/`, { curve_type }),
      ...paged(`${api}/pricing/curves/`, { curve_type, search: 'bond' }),
    )
  for (const source of ['bbg', 'internal', '']) urls.push(...paged(`${api}/pricing/curves/`, { source }))
  for (const c of b.curves!.slice(0, 6)) urls.push(...paged(`${api}/pricing/curves/${c.uid}/curve-selections/`))
  urls.push(...paged(`${api}/pricing/market_data/sets/`))
  for (const status of ['ACTIVE', 'INACTIVE']) urls.push(...paged(`${api}/pricing/market_data/sets/`, { status }))
  for (const s of b.market_data_sets!) {
    urls.push(...paged(`${api}/pricing/market_data/sets/`, { set_key: s.set_key }))
    urls.push(...paged(`${api}/pricing/market_data/bindings/`, { market_data_set_uid: s.uid }))
    urls.push(...paged(`${api}/pricing/market_data/sets/${s.uid}/bindings/`))
  }
  for (const concept_key of ['discount_curves', 'fixing_rates', undefined])
    urls.push(...paged(`${api}/pricing/market_data/bindings/`, { concept_key }))
  urls.push(
    ...paged(`${api}/pricing/market_data/bindings/`, {
      concept_key: 'fixing_rates',
      market_data_set_uid: b.market_data_sets![0].uid,
    }),
  )

  // indexes
  for (const search of searches) urls.push(...paged(`${api}/index/`, { search }))
  for (const f of [
    { index_type: 'rate' },
    { index_type: 'Rate' },
    { has_formula: 'true' },
    { has_formula: 'false' },
    { has_canonical_values: 'true' },
    { has_canonical_values: 'false' },
    { cadence: 'daily' },
    { cadence: ' Daily ' },
    { cadence: 'weekly' },
    { has_formula: 'true', has_canonical_values: 'false', search: 'e' },
  ]) {
    urls.push(...paged(`${api}/index/`, f))
  }

  // settings
  urls.push(`${api}/settings/`)
  return [...new Set(urls)]
}

/** Asks the app every golden request and keeps each status and parsed body. */
export async function recordAnswers(app: FastifyInstance, urls: string[]): Promise<Golden> {
  const out: Golden = {}
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url })
    out[url] = { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : null }
  }
  return out
}

export function readGolden(): Golden {
  return JSON.parse(gunzipSync(readFileSync(GOLDEN_PATH)).toString('utf8')) as Golden
}

export function writeGolden(golden: Golden): void {
  writeFileSync(GOLDEN_PATH, gzipSync(JSON.stringify(golden), { level: 9 }))
}
