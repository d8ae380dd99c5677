/** The rules and transactions of accounts' snapshots; the SQL is in repository.ts and writes.ts. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { assetInfo, holdingAsset, iso } from '../holdings/snapshot.ts'
import { notFound } from '../http/errors.ts'
import * as repo from './repository.ts'
import type { Account, AddHoldingsRequest, AddTargetPositionsRequest } from './schemas.ts'
import { addHoldings, addTargetPositions } from './writes.ts'

type Db = Sql | TransactionSql

export const missing = (uid: string) => notFound(`Account '${uid}' was not found.`)

/** The account, or 404. */
export async function loadAccount(sql: Sql, uid: string): Promise<Account> {
  return (await repo.findAccount(sql, uid)) ?? Promise.reject(missing(uid))
}

export async function holdingsSnapshot(
  sql: Db,
  accountUid: string,
  q: { holdings_date?: string; order: 'asc' | 'desc'; include_asset_detail: boolean },
) {
  const set = await repo.pickHoldingsSet(sql, accountUid, q.holdings_date, q.order)
  if (!set) return { holdings_set_uid: null, holdings_date: null, holdings: [] }
  const rows = await repo.holdingRows(sql, set.uid)
  const info = q.include_asset_detail
    ? await assetInfo(
        sql,
        rows.map((r) => r.asset_identifier),
      )
    : undefined
  return {
    holdings_set_uid: set.uid,
    holdings_date: set.time_index.toISOString(),
    holdings: rows.map((r) => ({
      ...r,
      time_index: r.time_index.toISOString(),
      target_trade_time: iso(r.target_trade_time),
      extra_details: r.extra_details ?? {},
      asset: info ? holdingAsset(r.asset_identifier, info.get(r.asset_identifier)) : null,
      position_type: 'units' as const,
      // no price source is attached to holdings yet: say so instead of inventing one
      price: null,
      missing_price: true,
    })),
  }
}

export async function targetPositionsSnapshot(
  sql: Db,
  accountUid: string,
  q: { target_positions_date?: string; order: 'asc' | 'desc'; include_asset_detail: boolean },
) {
  const set = await repo.pickPositionSet(sql, accountUid, q.target_positions_date, q.order)
  if (!set)
    return { related_account_uid: accountUid, target_positions_date: null, position_set_uid: null, positions: [] }
  const rows = await repo.positionRows(sql, set)
  return {
    related_account_uid: accountUid,
    target_positions_date: set.position_set_time.toISOString(),
    position_set_uid: set.uid,
    positions: rows.map((r) => ({
      target_type: r.target_type,
      target_uid: r.target_uid,
      asset_uid: r.asset_uid,
      portfolio_uid: r.portfolio_uid,
      unique_identifier: r.unique_identifier,
      weight_notional_exposure: r.weight_notional_exposure,
      constant_notional_exposure: r.constant_notional_exposure,
      single_asset_quantity: r.single_asset_quantity,
      asset:
        q.include_asset_detail && r.asset_uid
          ? {
              uid: r.asset_uid,
              unique_identifier: r.unique_identifier,
              current_snapshot: { name: r.asset_name, ticker: r.asset_ticker },
            }
          : null,
      portfolio: r.portfolio_uid
        ? {
            uid: r.portfolio_uid,
            unique_identifier: r.portfolio_unique_identifier ?? r.unique_identifier,
            published_index_uid: r.portfolio_published_index_uid,
          }
        : null,
    })),
  }
}

/** Writes a holdings snapshot under the account's lock and answers with the snapshot written. */
export async function addAccountHoldings(sql: Sql, uid: string, b: AddHoldingsRequest) {
  return sql.begin(async (tx) => {
    const account = await repo.findAccount(tx, uid, true)
    if (!account) throw missing(uid)
    await addHoldings(tx, account, b)
    return holdingsSnapshot(tx, account.uid, {
      holdings_date: b.holdings_date,
      order: 'desc',
      include_asset_detail: true,
    })
  })
}

/** Writes a target-positions snapshot under the account's lock and answers with the snapshot written. */
export async function addAccountTargetPositions(sql: Sql, uid: string, b: AddTargetPositionsRequest) {
  return sql.begin(async (tx) => {
    const a = await repo.findAccount(tx, uid, true)
    if (!a) throw missing(uid)
    await addTargetPositions(tx, a, b)
    return targetPositionsSnapshot(tx, a.uid, {
      target_positions_date: b.target_positions_date,
      order: 'desc',
      include_asset_detail: true,
    })
  })
}
