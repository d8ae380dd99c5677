/** SQL of virtual funds and their holdings snapshots. */
import type { Sql } from '../db/client.ts'
import { containsPattern } from '../http/pagination.ts'
import type { VirtualFund } from './schemas.ts'

const FUND = 'uid::text, unique_identifier, account_uid::text, target_portfolio_uid::text'

export async function listFunds(
  sql: Sql,
  f: { limit: number; offset: number; search?: string; account_uid?: string; portfolio_uid?: string },
) {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const where = sql`where true
    ${
      p
        ? sql`and (lower(uid::text) like ${p} or lower(unique_identifier) like ${p} or lower(account_uid::text) like
      ${p} or lower(target_portfolio_uid::text) like ${p})`
        : sql``
    }
    ${f.account_uid ? sql`and account_uid = ${f.account_uid}` : sql``}
    ${f.portfolio_uid ? sql`and target_portfolio_uid = ${f.portfolio_uid}` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<
      VirtualFund[]
    >`select ${sql.unsafe(FUND)} from virtual_funds ${where} order by unique_identifier collate "C", uid limit
      ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from virtual_funds ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findFund(sql: Sql, uid: string): Promise<VirtualFund | undefined> {
  const [row] = await sql<VirtualFund[]>`select ${sql.unsafe(FUND)} from virtual_funds where uid = ${uid}`
  return row
}

export interface FundHoldingRow {
  time_index: Date
  asset_identifier: string
  quantity: string
  direction: number
  signed_quantity: string
  target_trade_time: Date | null
  extra_details: Record<string, unknown> | null
  virtual_fund_holdings_set_uid: string
  source_account_holdings_set_uid: string
  allocation_strategy: string
}

/** The fund's holdings set at the exact date, or its latest/earliest, with its rows by asset identifier. */
export async function fundSnapshot(sql: Sql, fundUid: string, date: string | undefined, order: 'asc' | 'desc') {
  const [set] = date
    ? await sql<
        { uid: string; time_index: Date; source: string }[]
      >`select uid::text, time_index, source_account_holdings_set_uid::text as source from virtual_fund_holdings_sets
        where virtual_fund_uid = ${fundUid} and time_index = ${date}::timestamptz order by uid limit 1`
    : await sql<
        { uid: string; time_index: Date; source: string }[]
      >`select uid::text, time_index, source_account_holdings_set_uid::text as source from virtual_fund_holdings_sets
        where virtual_fund_uid = ${fundUid} order by time_index ${sql.unsafe(order)}, uid limit 1`
  if (!set) return undefined
  const rows = await sql<FundHoldingRow[]>`
    select time_index, asset_identifier, allocated_quantity::text as quantity, direction, (allocated_quantity *
      direction)::text as signed_quantity,
           target_trade_time, extra_details, virtual_fund_holdings_set_uid::text,
             source_account_holdings_set_uid::text, allocation_strategy
    from virtual_fund_holdings where virtual_fund_holdings_set_uid = ${set.uid}
    order by asset_identifier limit 500`
  return { set, rows: [...rows] }
}
