/** SQL of the asset registry. */
import type { Sql } from '../db/client.ts'
import { cachedCount, listStates } from '../db/list-counts.ts'
import { otherMatch, pageUids, planSearch, searchTuning, startsWith, trigramIndexable } from './list-keys.ts'
import { containsPattern } from '../http/pagination.ts'
import type { Asset, AssetListQuery } from './schemas.ts'

export async function listAssets(sql: Sql, f: AssetListQuery): Promise<{ rows: Asset[]; total: number }> {
  const pattern = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const category = f.categories__uid
  const { assets: state } = await listStates(sql)
  let uids: string[]
  let total: number
  if (pattern && category) {
    ;({ uids, total } = await categorySearch(
      sql,
      category,
      (f.search ?? '').toLowerCase(),
      pattern,
      state.stamp,
      f.limit,
      f.offset,
    ))
  } else if (pattern) {
    const plan = await planSearch(sql, {
      fields: 'list',
      term: (f.search ?? '').toLowerCase(),
      pattern,
      stamp: state.stamp,
    })
    uids = await pageUids(sql, 'identifier', f.limit, f.offset, { stamp: state.stamp, plan })
    total = plan.total
  } else {
    // a category's members carry their sort key: its page is a range of its own index
    const [page, count] = await Promise.all([
      pageUids(sql, 'identifier', f.limit, f.offset, { stamp: state.stamp, category }),
      category
        ? sql<{ n: number }[]>`select n::bigint as n from asset_category_counts where category_uid = ${category}`
        : [{ n: state.n }],
    ])
    uids = page
    total = count[0]?.n ?? 0
  }
  const rows =
    uids.length === 0
      ? []
      : await sql<Asset[]>`
    select a.uid::text, a.unique_identifier, a.asset_type from unnest(${uids}::uuid[]) with ordinality as k(asset_uid,
      ord)
    join assets a on a.uid = k.asset_uid order by k.ord`
  return { rows: [...rows], total }
}

/** A search within a category: counted once per data state; few matches read by index, many by walking the category. */
async function categorySearch(
  sql: Sql,
  category: string,
  term: string,
  p: string,
  stamp: string,
  limit: number,
  offset: number,
) {
  const match = sql`(${otherMatch(sql, 'list', p)} or lower(coalesce(k.asset_type, '')) like ${p})`
  const total = await cachedCount([stamp], `category:${category}:${p}`, async () => {
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::bigint as n from asset_category_memberships m join asset_list_keys k on k.asset_uid = m.asset_uid
                                              where m.category_uid = ${category} and ${match}`
    return row.n
  })
  if (total > searchTuning.few) {
    const keys = sql`select m.sort_key, m.asset_uid from asset_category_memberships m join asset_list_keys k on
      k.asset_uid = m.asset_uid
                     where m.category_uid = ${category} and ${match} order by m.sort_key collate "C", m.asset_uid
                       limit ${limit} offset ${offset}`
    return { uids: await run(keys), total }
  }
  // few: the union of the index ranges that hold them (whole types, identifiers starting with the term, the
  // trigram index for the rest), each arm only when the plan of the whole list says it holds matches
  const plan = await planSearch(sql, { fields: 'list', term, pattern: p, stamp })
  const arms = [
    ...(plan.types.length ? [sql`k.asset_type = any(${plan.types.map((t) => t.asset_type)}::text[])`] : []),
    ...(plan.prefix > 0 ? [startsWith(sql, term)] : []),
    ...(plan.others > plan.prefix
      ? [sql`(${trigramIndexable(p) ? sql`k.doc like ${p} and` : sql``} ${otherMatch(sql, 'list', p)})`]
      : []),
  ]
  if (arms.length === 0) return { uids: [], total }
  const keys = sql`select k.sort_key, k.asset_uid from asset_list_keys k join asset_category_memberships m on
    m.asset_uid = k.asset_uid and m.category_uid = ${category}
                   where ${arms.reduce((a, b) => sql`${a} or ${b}`)}
                   order by k.sort_key collate "C", k.asset_uid limit ${limit} offset ${offset}`
  return { uids: await run(keys), total }

  async function run(keys: ReturnType<Sql['unsafe']>): Promise<string[]> {
    return (
      await sql<
        { uid: string }[]
      >`select k.asset_uid::text as uid from (${keys}) k order by k.sort_key collate "C", k.asset_uid`
    ).map((r) => r.uid)
  }
}

export async function findAsset(sql: Sql, uid: string): Promise<Asset | undefined> {
  const [row] = await sql<Asset[]>`select uid::text, unique_identifier, asset_type from assets where uid = ${uid}`
  return row
}

export interface SnapshotRow {
  time_index: Date
  name: string | null
  ticker: string | null
  exchange_code: string | null
  asset_ticker_group_id: string | null
}

export async function latestSnapshot(sql: Sql, identifier: string): Promise<SnapshotRow | undefined> {
  const [row] = await sql<SnapshotRow[]>`
    select time_index, name, ticker, exchange_code, asset_ticker_group_id from asset_snapshots
    where asset_identifier = ${identifier} order by time_index desc limit 1`
  return row
}

export interface AssetDetailsRow {
  name: string | null
  ticker: string | null
  figi: string | null
  composite_figi: string | null
  exchange_code: string | null
  security_type: string | null
  security_market_sector: string | null
  currency: string | null
}

export async function findAssetDetails(sql: Sql, uid: string): Promise<AssetDetailsRow | undefined> {
  const [row] = await sql<AssetDetailsRow[]>`
    select name, ticker, figi, composite_figi, exchange_code, security_type, security_market_sector, currency from
      asset_details where asset_uid = ${uid}`
  return row
}

export type MonitorRow = Asset & AssetDetailsRow

/**
 * Monitor rows: identifiers first (request order, duplicates dropped), else a search over uid, identifier,
 * type and ticker (the details' ticker, else the latest snapshot's); descriptive columns come from the asset's
 * details, falling back to its latest snapshot, read for the page's rows only.
 */
export async function monitorRows(
  sql: Sql,
  q: { search?: string; asset_type?: string; unique_identifiers?: string[]; limit: number; offset: number },
): Promise<MonitorRow[]> {
  const columns = sql`a.uid::text, a.unique_identifier, a.asset_type,
           coalesce(d.name, s.name) as name, coalesce(d.ticker, s.ticker) as ticker, d.figi, d.composite_figi,
           coalesce(d.exchange_code, s.exchange_code) as exchange_code, d.security_type, d.security_market_sector,
             d.currency`
  const described = sql`left join asset_details d on d.asset_uid = a.uid
    left join lateral (select name, ticker, exchange_code from asset_snapshots where asset_identifier =
      a.unique_identifier order by time_index desc limit 1) s on true`
  if (q.unique_identifiers) {
    return [
      ...(await sql<MonitorRow[]>`
        with wanted as (select identifier, min(ordinality)::int as position from
          unnest(${q.unique_identifiers}::text[]) with ordinality as w(identifier, ordinality) group by identifier)
        select ${columns} from assets a join wanted w on w.identifier = a.unique_identifier ${described}
        where true ${q.asset_type !== undefined ? sql`and a.asset_type = ${q.asset_type}` : sql``}
        order by w.position limit ${q.limit} offset ${q.offset}`),
    ]
  }
  const pattern = q.search ? containsPattern(q.search.toLowerCase()) : undefined
  const { stamp } = (await listStates(sql)).assets
  const plan = pattern
    ? await planSearch(sql, {
        fields: 'monitor',
        term: (q.search ?? '').toLowerCase(),
        pattern,
        stamp,
        assetType: q.asset_type,
      })
    : undefined
  const uids = await pageUids(sql, 'identifier', q.limit, q.offset, { stamp, plan, assetType: q.asset_type })
  if (uids.length === 0) return []
  return [
    ...(await sql<MonitorRow[]>`
      select ${columns} from unnest(${uids}::uuid[]) with ordinality as k(asset_uid, ord) join assets a on a.uid =
        k.asset_uid ${described}
      order by k.ord`),
  ]
}

/** The asset's tables that RESTRICT its delete, with their row counts (only those with rows). */
export async function restrictingRows(sql: Sql, asset: Asset): Promise<{ table: string; n: number }[]> {
  const rows = await sql<{ table: string; n: number }[]>`
    select * from (values
      ('asset snapshots', (select count(*)::int from asset_snapshots where asset_identifier =
        ${asset.unique_identifier})),
      ('account holdings', (select count(*)::int from account_holdings where asset_identifier =
        ${asset.unique_identifier})),
      ('virtual-fund holdings', (select count(*)::int from virtual_fund_holdings where asset_identifier =
        ${asset.unique_identifier})),
      ('target positions', (select count(*)::int from target_positions where asset_uid = ${asset.uid})),
      ('portfolio weights', (select count(*)::int from portfolio_weights where asset_identifier =
        ${asset.unique_identifier}))
    ) as t("table", n) where n > 0`
  return [...rows]
}

export async function deleteAsset(sql: Sql, uid: string): Promise<number> {
  return (await sql`delete from assets where uid = ${uid}`).count
}
