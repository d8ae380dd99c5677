/** SQL reads of accounts: rows, target-allocation candidates, holdings, holdings by fund, target positions. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { containsPattern } from '../http/pagination.ts'
import type { Account, TargetCandidate } from './schemas.ts'

type Db = Sql | TransactionSql
const ACCOUNT = 'uid::text, unique_identifier, account_name, is_paper, account_is_active, account_group_uid::text, holdings_data_node_uid::text, metadata_json'

export async function listAccounts(sql: Sql, f: { limit: number; offset: number; search?: string }) {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const where = p ? sql`where lower(uid::text) like ${p} or lower(account_name) like ${p} or lower(unique_identifier) like ${p}` : sql``
  const [rows, [count]] = await Promise.all([
    sql<Account[]>`select ${sql.unsafe(ACCOUNT)} from accounts ${where} order by lower(account_name), uid limit ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from accounts ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findAccount(sql: Db, uid: string, lock = false): Promise<Account | undefined> {
  const [row] = await sql<Account[]>`select ${sql.unsafe(ACCOUNT)} from accounts where uid = ${uid} ${lock ? sql`for update` : sql``}`
  return row
}

/** Assets (with their latest snapshot) and portfolios a target allocation may point at: one union, exact count. */
export async function targetCandidates(sql: Sql, f: { limit: number; offset: number; search?: string; target_type: 'all' | 'asset' | 'portfolio' }) {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : null
  const candidates = sql`
    select 'asset' as target_type, a.uid::text as target_uid, a.uid::text as asset_uid, null::text as portfolio_uid, a.unique_identifier as identifier,
           coalesce(s.name, a.unique_identifier) as display_label, s.ticker as secondary_label,
           json_build_object('name', s.name, 'ticker', s.ticker) as current_snapshot, json_build_object('asset_type', a.asset_type) as metadata
    from assets a
    left join lateral (select name, ticker from asset_snapshots where asset_identifier = a.unique_identifier order by time_index desc limit 1) s on true
    where ${f.target_type !== 'portfolio'}
      and (${p}::text is null or lower(a.uid::text) like ${p} or lower(a.unique_identifier) like ${p} or lower(coalesce(a.asset_type, '')) like ${p}
           or lower(coalesce(s.name, '')) like ${p} or lower(coalesce(s.ticker, '')) like ${p})
    union all
    select 'portfolio', p.uid::text, null, p.uid::text, p.unique_identifier, p.unique_identifier, null, null,
           json_build_object('published_index_uid', p.published_index_uid)
    from portfolios p
    where ${f.target_type !== 'asset'}
      and (${p}::text is null or lower(p.uid::text) like ${p} or lower(p.unique_identifier) like ${p} or lower(coalesce(p.published_index_uid::text, '')) like ${p})`
  const [rows, [count]] = await Promise.all([
    sql<TargetCandidate[]>`with candidates as (${candidates}) select * from candidates order by target_type, display_label, identifier, target_uid limit ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`with candidates as (${candidates}) select count(*)::int as n from candidates`,
  ])
  return { rows, total: count.n }
}

export interface HoldingsSet {
  uid: string
  time_index: Date
}

/** The account's holdings set at the exact date, or its latest/earliest one. */
export async function pickHoldingsSet(sql: Db, accountUid: string, date: string | undefined, order: 'asc' | 'desc'): Promise<HoldingsSet | undefined> {
  const [row] = date
    ? await sql<HoldingsSet[]>`select uid::text, time_index from account_holdings_sets where account_uid = ${accountUid} and time_index = ${date}::timestamptz`
    : await sql<HoldingsSet[]>`select uid::text, time_index from account_holdings_sets where account_uid = ${accountUid} order by time_index ${sql.unsafe(order)}, uid limit 1`
  return row
}

export interface HoldingRow {
  time_index: Date
  asset_identifier: string
  quantity: string | null
  direction: number
  signed_quantity: string | null
  target_trade_time: Date | null
  extra_details: Record<string, unknown> | null
}

export async function holdingRows(sql: Db, setUid: string): Promise<HoldingRow[]> {
  return [
    ...(await sql<HoldingRow[]>`
      select time_index, asset_identifier, quantity::text, direction, (quantity * direction)::text as signed_quantity, target_trade_time, extra_details
      from account_holdings where holdings_set_uid = ${setUid} order by lower(asset_identifier), asset_identifier limit 500`),
  ]
}

export interface FundHoldingRow extends HoldingRow {
  virtual_fund_uid: string
  virtual_fund_unique_identifier: string
  target_portfolio_uid: string
  holdings_set_uid: string
  allocation_strategy: string
}

/** Allocations of the account's virtual funds drawn from one source holdings set. */
export async function fundRows(sql: Sql, accountUid: string, sourceSetUid: string): Promise<FundHoldingRow[]> {
  return [
    ...(await sql<FundHoldingRow[]>`
      select v.uid::text as virtual_fund_uid, v.unique_identifier as virtual_fund_unique_identifier, v.target_portfolio_uid::text,
             h.virtual_fund_holdings_set_uid::text as holdings_set_uid, h.time_index, h.asset_identifier, h.allocated_quantity::text as quantity,
             h.direction, (h.allocated_quantity * h.direction)::text as signed_quantity, h.target_trade_time, h.extra_details, h.allocation_strategy
      from virtual_fund_holdings h join virtual_funds v on v.uid = h.virtual_fund_uid
      where v.account_uid = ${accountUid} and h.source_account_holdings_set_uid = ${sourceSetUid}
      order by lower(v.unique_identifier), v.uid, lower(h.asset_identifier)`),
  ]
}

export interface ResidualRow {
  asset_identifier: string
  source_signed_quantity: string
  allocated_signed_quantity: string
  residual_signed_quantity: string
  in_source: boolean
}

/** Per asset: the source's signed quantity, the funds' allocated signed quantity and their exact difference. */
export async function residualRows(sql: Sql, accountUid: string, sourceSetUid: string): Promise<ResidualRow[]> {
  return [
    ...(await sql<ResidualRow[]>`
      with src as (select asset_identifier, sum(quantity * direction) as q from account_holdings where holdings_set_uid = ${sourceSetUid} group by asset_identifier),
      alloc as (
        select h.asset_identifier, sum(h.allocated_quantity * h.direction) as q
        from virtual_fund_holdings h join virtual_funds v on v.uid = h.virtual_fund_uid
        where v.account_uid = ${accountUid} and h.source_account_holdings_set_uid = ${sourceSetUid} group by h.asset_identifier
      )
      select coalesce(s.asset_identifier, a.asset_identifier) as asset_identifier, coalesce(s.q, 0)::text as source_signed_quantity,
             coalesce(a.q, 0)::text as allocated_signed_quantity, (coalesce(s.q, 0) - coalesce(a.q, 0))::text as residual_signed_quantity,
             s.asset_identifier is not null as in_source
      from src s full join alloc a on a.asset_identifier = s.asset_identifier
      order by 1`),
  ]
}

export interface PositionSet {
  uid: string
  position_set_time: Date
}

/** The active target allocations' position set at the exact date (lowest uid), or the latest/earliest. */
export async function pickPositionSet(sql: Db, accountUid: string, date: string | undefined, order: 'asc' | 'desc'): Promise<PositionSet | undefined> {
  const [row] = await sql<PositionSet[]>`
    select s.uid::text, s.position_set_time from position_sets s
    join account_target_allocations t on t.uid = s.account_target_allocation_uid
    where t.account_uid = ${accountUid} and t.is_active ${date ? sql`and s.position_set_time = ${date}::timestamptz` : sql``}
    order by ${date ? sql`s.uid` : sql`s.position_set_time ${sql.unsafe(order)}, s.uid`} limit 1`
  return row
}

export interface PositionRow {
  target_type: 'asset' | 'portfolio'
  target_uid: string
  asset_uid: string | null
  portfolio_uid: string | null
  unique_identifier: string
  weight_notional_exposure: string | null
  constant_notional_exposure: string | null
  single_asset_quantity: string | null
  asset_name: string | null
  asset_ticker: string | null
  portfolio_unique_identifier: string | null
  portfolio_published_index_uid: string | null
}

export async function positionRows(sql: Db, set: PositionSet): Promise<PositionRow[]> {
  return [
    ...(await sql<PositionRow[]>`
      select t.target_type, t.target_uid::text, t.asset_uid::text, t.portfolio_uid::text,
             coalesce(a.unique_identifier, p.unique_identifier, t.target_uid::text) as unique_identifier,
             t.weight_notional_exposure::text, t.constant_notional_exposure::text, t.single_asset_quantity::text,
             s.name as asset_name, s.ticker as asset_ticker, p.unique_identifier as portfolio_unique_identifier, p.published_index_uid::text as portfolio_published_index_uid
      from target_positions t
      left join assets a on a.uid = t.asset_uid
      left join lateral (select name, ticker from asset_snapshots where asset_identifier = a.unique_identifier order by time_index desc limit 1) s on true
      left join portfolios p on p.uid = t.portfolio_uid
      where t.position_set_uid = ${set.uid} and t.time_index = ${set.position_set_time}
      order by t.target_type, t.target_uid limit 500`),
  ]
}
