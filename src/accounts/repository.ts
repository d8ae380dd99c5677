/** SQL reads of accounts: rows, target-allocation candidates, holdings, holdings by fund, target positions. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { pageUids, planSearch, searchTuning, trigramIndexable } from '../assets/list-keys.ts'
import { cachedCount, listStates } from '../db/list-counts.ts'
import { containsPattern } from '../http/pagination.ts'
import { PORTFOLIO_DOC } from '../portfolios/repository.ts'
import type { Account, TargetCandidate } from './schemas.ts'

type Db = Sql | TransactionSql
const ACCOUNT =
  'uid::text, unique_identifier, account_name, is_paper, account_is_active, account_group_uid::text, ' +
  'holdings_data_node_uid::text, metadata_json'

/** Searches go through the trigram index on the accounts' search document (migration 0091). */
export async function listAccounts(sql: Sql, f: { limit: number; offset: number; search?: string }) {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const where = p
    ? sql`where ${
        trigramIndexable(p)
          ? sql`(lower(uid::text) || E'\\x1f' || lower(account_name) || E'\\x1f' ||
      lower(unique_identifier)) like ${p} and`
          : sql``
      }
            (lower(uid::text) like ${p} or lower(account_name) like ${p} or lower(unique_identifier) like ${p})`
    : sql``
  const [rows, [count]] = await Promise.all([
    sql<
      Account[]
    >`select ${sql.unsafe(ACCOUNT)} from accounts ${where} order by lower(account_name), uid limit ${f.limit} offset
      ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from accounts ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findAccount(sql: Db, uid: string, lock = false): Promise<Account | undefined> {
  const [row] = await sql<
    Account[]
  >`select ${sql.unsafe(ACCOUNT)} from accounts where uid = ${uid} ${lock ? sql`for update` : sql``}`
  return row
}

/**
 * Assets (with their latest snapshot) and portfolios a target allocation may point at, ordered by target_type,
 * display_label, identifier, target_uid: every asset before every portfolio, so a page is a slice of the
 * assets' label order (src/assets/list-keys.ts) followed by a slice of the portfolios' identifier order, cut
 * where the exact count of matching assets says.
 */
export async function targetCandidates(
  sql: Sql,
  f: { limit: number; offset: number; search?: string; target_type: 'all' | 'asset' | 'portfolio' },
) {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const state = await listStates(sql)
  const wantAssets = f.target_type !== 'portfolio'
  const wantPortfolios = f.target_type !== 'asset'
  const plan =
    wantAssets && p
      ? await planSearch(sql, {
          fields: 'target',
          term: (f.search ?? '').toLowerCase(),
          pattern: p,
          stamp: state.assets.stamp,
        })
      : undefined
  const assetCount = !wantAssets ? 0 : plan ? plan.total : state.assets.n
  const portfolioCount = !wantPortfolios
    ? 0
    : p
      ? await countPortfolioTargets(sql, p, state.portfolios.stamp)
      : state.portfolios.n
  const assetRows = Math.max(0, Math.min(f.limit, assetCount - f.offset))
  const portfolioOffset = Math.max(0, f.offset - assetCount)
  const portfolioRows = Math.min(f.limit - assetRows, Math.max(0, portfolioCount - portfolioOffset))
  const [assets, portfolios] = await Promise.all([
    assetRows > 0
      ? sql<TargetCandidate[]>`
          select 'asset' as target_type, a.uid::text as target_uid, a.uid::text as asset_uid, null::text as
            portfolio_uid, a.unique_identifier as identifier,
                 coalesce(s.name, a.unique_identifier) as display_label, s.ticker as secondary_label,
                 json_build_object('name', s.name, 'ticker', s.ticker) as current_snapshot,
                   json_build_object('asset_type', a.asset_type) as metadata
          from
            unnest(${await pageUids(sql, 'label', assetRows, f.offset, { stamp: state.assets.stamp, plan })}::uuid[])
              with ordinality as k(asset_uid, ord)
          join assets a on a.uid = k.asset_uid
          left join lateral (select name, ticker from asset_snapshots where asset_identifier = a.unique_identifier
            order by time_index desc limit 1) s on true
          order by k.ord`
      : [],
    portfolioRows > 0
      ? sql<TargetCandidate[]>`
          select 'portfolio' as target_type, p.uid::text as target_uid, null::text as asset_uid, p.uid::text as
            portfolio_uid, p.unique_identifier as identifier,
                 p.unique_identifier as display_label, null::text as secondary_label, null::json as current_snapshot,
                 json_build_object('published_index_uid', p.published_index_uid) as metadata
          from portfolios p
          ${
            p
              ? sql`where
            ${
              portfolioCount <= searchTuning.few && trigramIndexable(p)
                ? sql`${sql.unsafe(PORTFOLIO_DOC)} like ${p}
              and`
                : sql``
            } ${portfolioTargetMatch(sql, p)}`
              : sql``
          }
          order by p.unique_identifier collate "C", p.uid limit ${portfolioRows} offset ${portfolioOffset}`
      : [],
  ])
  return { rows: [...assets, ...portfolios], total: assetCount + portfolioCount }
}

const portfolioTargetMatch = (sql: Sql, p: string) =>
  sql`(lower(p.uid::text) like ${p} or lower(p.unique_identifier) like ${p} or
    lower(coalesce(p.published_index_uid::text, '')) like ${p})`

async function countPortfolioTargets(sql: Sql, p: string, stamp: string): Promise<number> {
  return cachedCount([stamp], `portfolio-targets:${p}`, async () => {
    const [row] = await sql<{ n: number }[]>`select count(*)::bigint as n from portfolios p where ${
      trigramIndexable(p)
        ? sql`${sql.unsafe(PORTFOLIO_DOC)}
      like ${p} and`
        : sql``
    } ${portfolioTargetMatch(sql, p)}`
    return row.n
  })
}

export interface HoldingsSet {
  uid: string
  time_index: Date
}

/** The account's holdings set at the exact date, or its latest/earliest one. */
export async function pickHoldingsSet(
  sql: Db,
  accountUid: string,
  date: string | undefined,
  order: 'asc' | 'desc',
): Promise<HoldingsSet | undefined> {
  const [row] = date
    ? await sql<
        HoldingsSet[]
      >`select uid::text, time_index from account_holdings_sets where account_uid = ${accountUid} and time_index =
        ${date}::timestamptz`
    : await sql<
        HoldingsSet[]
      >`select uid::text, time_index from account_holdings_sets where account_uid = ${accountUid} order by time_index
        ${sql.unsafe(order)}, uid limit 1`
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
      select time_index, asset_identifier, quantity::text, direction, (quantity * direction)::text as signed_quantity,
        target_trade_time, extra_details
      from account_holdings where holdings_set_uid = ${setUid} order by lower(asset_identifier), asset_identifier
        limit 500`),
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
      select v.uid::text as virtual_fund_uid, v.unique_identifier as virtual_fund_unique_identifier,
        v.target_portfolio_uid::text,
             h.virtual_fund_holdings_set_uid::text as holdings_set_uid, h.time_index, h.asset_identifier,
               h.allocated_quantity::text as quantity,
             h.direction, (h.allocated_quantity * h.direction)::text as signed_quantity, h.target_trade_time,
               h.extra_details, h.allocation_strategy
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
      with src as (select asset_identifier, sum(quantity * direction) as q from account_holdings where
        holdings_set_uid = ${sourceSetUid} group by asset_identifier),
      alloc as (
        select h.asset_identifier, sum(h.allocated_quantity * h.direction) as q
        from virtual_fund_holdings h join virtual_funds v on v.uid = h.virtual_fund_uid
        where v.account_uid = ${accountUid} and h.source_account_holdings_set_uid = ${sourceSetUid} group by
          h.asset_identifier
      )
      select coalesce(s.asset_identifier, a.asset_identifier) as asset_identifier, coalesce(s.q, 0)::text as
        source_signed_quantity,
             coalesce(a.q, 0)::text as allocated_signed_quantity, (coalesce(s.q, 0) - coalesce(a.q, 0))::text as
               residual_signed_quantity,
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
export async function pickPositionSet(
  sql: Db,
  accountUid: string,
  date: string | undefined,
  order: 'asc' | 'desc',
): Promise<PositionSet | undefined> {
  const [row] = await sql<PositionSet[]>`
    select s.uid::text, s.position_set_time from position_sets s
    join account_target_allocations t on t.uid = s.account_target_allocation_uid
    where t.account_uid = ${accountUid} and t.is_active ${
      date
        ? sql`and s.position_set_time =
      ${date}::timestamptz`
        : sql``
    }
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
             s.name as asset_name, s.ticker as asset_ticker, p.unique_identifier as portfolio_unique_identifier,
               p.published_index_uid::text as portfolio_published_index_uid
      from target_positions t
      left join assets a on a.uid = t.asset_uid
      left join lateral (select name, ticker from asset_snapshots where asset_identifier = a.unique_identifier order
        by time_index desc limit 1) s on true
      left join portfolios p on p.uid = t.portfolio_uid
      where t.position_set_uid = ${set.uid} and t.time_index = ${set.position_set_time}
      order by t.target_type, t.target_uid limit 500`),
  ]
}
