/**
 * Lists at a million rows (issue 13, item 2): sequential p50 and p99 of every large list's first page, deep page
 * (offset 100,000), selective and unselective searches and the largest category, on the scale database beside
 * the same request on the demo database. Search terms are read from each database, so the section runs on any
 * data set: a selective term is one asset's whole identifier, an unselective one the name of the most common
 * asset type (it matches every asset of that type) or a fragment most identifiers share.
 *
 * Every figure repeats one request (`--n`, default 200, after 3 untimed), as the issue measured them; the exact
 * count of a search is then computed once and reused while the data is unchanged (src/db/list-counts.ts). The
 * "distinct terms" figures send a different term each time, so each count is computed cold.
 */
import type { Sql } from '../../../src/db/client.ts'
import type { Figure, ScaleContext, Timing } from '../context.ts'

interface Terms {
  selective: string[]
  type: string
  fragment: string
  category: string
  calendar: string
  portfolio: string
  account: string
}

/** What each database offers to search for: taken from its rows, so another data set of the same shape works too. */
async function terms(sql: Sql): Promise<Terms> {
  const ids = await sql<{ id: string }[]>`select unique_identifier as id from assets order by md5(uid::text) limit 60`
  const [type] = await sql<
    { t: string }[]
  >`select asset_type as t from asset_type_counts where asset_type <> '' order by n desc limit 1`
  const [category] = await sql<
    { uid: string }[]
  >`select category_uid::text as uid from asset_category_counts order by n desc limit 1`
  const [calendar] = await sql<
    { uid: string }[]
  >`select calendar_uid::text as uid from calendar_dates group by 1 order by count(*) desc limit 1`
  const [portfolio] = await sql<
    { id: string }[]
  >`select unique_identifier as id from portfolios order by md5(uid::text) limit 1`
  const [account] = await sql<
    { id: string }[]
  >`select unique_identifier as id from accounts order by md5(uid::text) limit 1`
  // the most common three-character fragment of identifiers (by a sample): a term that matches most assets
  const [fragment] = await sql<{ f: string }[]>`
    select f from (select substr(lower(unique_identifier), g, 3) as f from (select unique_identifier from assets order
      by md5(uid::text) limit 2000) a
                   cross join generate_series(1, 8) g) s
    where length(f) = 3 group by f order by count(*) desc, f limit 1`
  return {
    selective: ids.map((r) => r.id),
    type: type?.t ?? 'bond',
    fragment: fragment?.f ?? '-00',
    category: category?.uid ?? '00000000-0000-4000-8000-000000000000',
    calendar: calendar?.uid ?? '00000000-0000-4000-8000-000000000000',
    portfolio: portfolio?.id ?? 'none',
    account: account?.id ?? 'none',
  }
}

const q = (s: string) => encodeURIComponent(s)

export async function section(ctx: ScaleContext): Promise<Figure[]> {
  const n = Number(ctx.args.n ?? 200)
  const t = { scale: await terms(ctx.sql.scale), demo: await terms(ctx.sql.demo) }
  ctx.log(
    `scale terms: type '${t.scale.type}', fragment '${t.scale.fragment}', selective e.g. '${t.scale.selective[0]}'`,
  )
  const api = (base: string) => `${base}/api/v1`
  const cases: { name: string; path: (x: Terms) => string; target?: boolean }[] = [
    { name: 'listAssets first page', path: () => '/asset/' },
    { name: 'listAssets offset 100,000', path: () => '/asset/?limit=50&offset=100000' },
    { name: 'listAssets search, one asset', path: (x) => `/asset/?search=${q(x.selective[0])}` },
    { name: 'listAssets search, no asset', path: () => '/asset/?search=zzqq-no-such-asset' },
    { name: 'listAssets search, a whole type', path: (x) => `/asset/?search=${q(x.type)}` },
    { name: 'listAssets search, a common fragment', path: (x) => `/asset/?search=${q(x.fragment)}` },
    { name: 'listAssets largest category, first page', path: (x) => `/asset/?categories__uid=${x.category}` },
    {
      name: 'listAssets largest category, offset 100,000',
      path: (x) => `/asset/?categories__uid=${x.category}&limit=50&offset=100000`,
    },
    {
      name: 'listAssets largest category, search one asset',
      path: (x) => `/asset/?categories__uid=${x.category}&search=${q(x.selective[1])}`,
    },
    { name: 'target-allocation targets first page', path: () => '/account/target-allocation/targets/' },
    {
      name: 'target-allocation targets offset 100,000',
      path: () => '/account/target-allocation/targets/?limit=25&offset=100000',
    },
    {
      name: 'target-allocation targets search, one asset',
      path: (x) => `/account/target-allocation/targets/?search=${q(x.selective[2])}`,
    },
    {
      name: 'target-allocation targets search, a whole type',
      path: (x) => `/account/target-allocation/targets/?search=${q(x.type)}`,
    },
    {
      name: 'target-allocation targets search, one portfolio',
      path: (x) => `/account/target-allocation/targets/?target_type=portfolio&search=${q(x.portfolio)}`,
    },
    { name: 'getAssetMonitorFrame first page', path: () => '/asset/monitor/frame/' },
    { name: 'getAssetMonitorFrame offset 100,000', path: () => '/asset/monitor/frame/?limit=50&offset=100000' },
    {
      name: 'getAssetMonitorFrame search, one asset',
      path: (x) => `/asset/monitor/frame/?search=${q(x.selective[3])}`,
    },
    {
      name: 'getAssetMonitorFrame one type, offset 100,000',
      path: (x) => `/asset/monitor/frame/?asset_type=${q(x.type)}&limit=50&offset=100000`,
    },
    { name: 'listPortfolios first page', path: () => '/portfolio/' },
    { name: 'listPortfolios offset 50,000', path: () => '/portfolio/?limit=50&offset=50000' },
    { name: 'listPortfolios search, one portfolio', path: (x) => `/portfolio/?search=${q(x.portfolio)}` },
    { name: 'listAccounts first page', path: () => '/account/' },
    { name: 'listAccounts search, one account', path: (x) => `/account/?search=${q(x.account)}` },
    {
      name: 'listCalendarDates largest calendar, offset 25,000',
      path: (x) => `/calendar/${x.calendar}/dates/?limit=500&offset=25000`,
    },
    { name: 'listPricingCurves search', path: () => '/pricing/curves/?search=curve' },
  ]
  const figures: Figure[] = []
  const pair = (name: string, s: Timing, d: Timing) => {
    figures.push({ name: `${name} p50`, unit: 'ms', scale: s.p50, demo: d.p50, target: { max: 20 } })
    figures.push({ name: `${name} p99`, unit: 'ms', scale: s.p99, demo: d.p99, target: { max: 50 } })
  }
  for (const c of cases) {
    const s = await ctx.timeGet(`${api(ctx.scale.base)}${c.path(t.scale)}`, { n })
    const d = await ctx.timeGet(`${api(ctx.demo.base)}${c.path(t.demo)}`, { n })
    pair(c.name, s, d)
  }
  // a different selective term each time: every count computed cold
  const distinct = async (base: string, x: Terms) => {
    let i = 0
    return ctx.sequential(
      async () => {
        const term = x.selective[(4 + i++) % x.selective.length]
        const res = await fetch(`${api(base)}/asset/?search=${q(term)}`)
        if (!res.ok) throw new Error(`listAssets search ${term}: ${res.status}`)
        await res.text()
      },
      { n: Math.min(n, t.scale.selective.length - 4), warmup: 0 },
    )
  }
  // informational: the figures repeat one request
  const ds = await distinct(ctx.scale.base, t.scale)
  const dd = await distinct(ctx.demo.base, t.demo)
  figures.push({
    name: 'listAssets search, distinct single assets (cold counts) p50',
    unit: 'ms',
    scale: ds.p50,
    demo: dd.p50,
  })
  figures.push({
    name: 'listAssets search, distinct single assets (cold counts) p99',
    unit: 'ms',
    scale: ds.p99,
    demo: dd.p99,
  })
  // the first request of an unselective term pays its count (informational: the figures repeat a request)
  const cold = async (base: string, term: string) => {
    const t0 = performance.now()
    const res = await fetch(`${api(base)}/asset/?search=${q(term)}&limit=50&offset=0`)
    await res.text()
    return performance.now() - t0
  }
  const fresh = `${t.scale.fragment.slice(0, 2)}`
  figures.push({
    name: `listAssets search '${fresh}' first request (count computed)`,
    unit: 'ms',
    scale: await cold(ctx.scale.base, fresh),
    demo: await cold(ctx.demo.base, fresh),
  })
  return figures
}
