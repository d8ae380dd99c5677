/** SQL of the asset registry. */
import type { Sql } from '../db/client.ts'
import { containsPattern } from '../http/pagination.ts'
import type { Asset, AssetListQuery } from './schemas.ts'

export async function listAssets(sql: Sql, f: AssetListQuery): Promise<{ rows: Asset[]; total: number }> {
  const pattern = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const from = sql`from assets a
    ${f.categories__uid ? sql`join asset_category_memberships m on m.asset_uid = a.uid and m.category_uid = ${f.categories__uid}` : sql``}
    ${pattern ? sql`left join asset_details d on d.asset_uid = a.uid` : sql``}
    where true
    ${pattern ? sql`and (lower(a.uid::text) like ${pattern} or lower(a.unique_identifier) like ${pattern} or lower(coalesce(a.asset_type, '')) like ${pattern} or lower(coalesce(d.ticker, '')) like ${pattern})` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<Asset[]>`select a.uid::text, a.unique_identifier, a.asset_type ${from} order by lower(a.unique_identifier), a.uid limit ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n ${from}`,
  ])
  return { rows, total: count.n }
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
    select name, ticker, figi, composite_figi, exchange_code, security_type, security_market_sector, currency from asset_details where asset_uid = ${uid}`
  return row
}

export type MonitorRow = Asset & AssetDetailsRow

/**
 * Monitor rows: identifiers first (request order, duplicates dropped), else a search over uid, identifier,
 * type and ticker; descriptive columns come from the asset's details, falling back to its latest snapshot.
 */
export async function monitorRows(sql: Sql, q: { search?: string; asset_type?: string; unique_identifiers?: string[]; limit: number; offset: number }): Promise<MonitorRow[]> {
  const pattern = q.search ? containsPattern(q.search.toLowerCase()) : undefined
  const rows = await sql<(MonitorRow & { position: number | null })[]>`
    with wanted as (select identifier, min(ordinality)::int as position from unnest(${q.unique_identifiers ?? []}::text[]) with ordinality as w(identifier, ordinality) group by identifier)
    select a.uid::text, a.unique_identifier, a.asset_type,
           coalesce(d.name, s.name) as name, coalesce(d.ticker, s.ticker) as ticker, d.figi, d.composite_figi,
           coalesce(d.exchange_code, s.exchange_code) as exchange_code, d.security_type, d.security_market_sector, d.currency,
           w.position
    from assets a
    left join asset_details d on d.asset_uid = a.uid
    left join lateral (select name, ticker, exchange_code from asset_snapshots where asset_identifier = a.unique_identifier order by time_index desc limit 1) s on true
    ${q.unique_identifiers ? sql`join wanted w on w.identifier = a.unique_identifier` : sql`left join wanted w on false`}
    where true
    ${q.asset_type !== undefined ? sql`and a.asset_type = ${q.asset_type}` : sql``}
    ${!q.unique_identifiers && pattern ? sql`and (lower(a.uid::text) like ${pattern} or lower(a.unique_identifier) like ${pattern} or lower(coalesce(a.asset_type, '')) like ${pattern} or lower(coalesce(d.ticker, s.ticker, '')) like ${pattern})` : sql``}
    order by ${q.unique_identifiers ? sql`w.position` : sql`lower(a.unique_identifier), a.uid`}
    limit ${q.limit} offset ${q.offset}`
  return rows.map(({ position: _position, ...row }) => row)
}

/** The asset's tables that RESTRICT its delete, with their row counts (only those with rows). */
export async function restrictingRows(sql: Sql, asset: Asset): Promise<{ table: string; n: number }[]> {
  const rows = await sql<{ table: string; n: number }[]>`
    select * from (values
      ('asset snapshots', (select count(*)::int from asset_snapshots where asset_identifier = ${asset.unique_identifier})),
      ('account holdings', (select count(*)::int from account_holdings where asset_identifier = ${asset.unique_identifier})),
      ('virtual-fund holdings', (select count(*)::int from virtual_fund_holdings where asset_identifier = ${asset.unique_identifier})),
      ('target positions', (select count(*)::int from target_positions where asset_uid = ${asset.uid})),
      ('portfolio weights', (select count(*)::int from portfolio_weights where asset_identifier = ${asset.unique_identifier}))
    ) as t("table", n) where n > 0`
  return [...rows]
}

export async function deleteAsset(sql: Sql, uid: string): Promise<number> {
  return (await sql`delete from assets where uid = ${uid}`).count
}
