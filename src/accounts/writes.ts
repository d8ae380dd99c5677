/**
 * The two account writes: a holdings snapshot and a target-positions snapshot. Each validates every position
 * against the database first (422 naming the position), then writes in the caller's transaction; an existing
 * snapshot at the same date is a 409 unless `overwrite` replaces its rows in place.
 */
import type { TransactionSql } from '../db/client.ts'
import { rowChunks } from '../db/transaction.ts'
import { jsonValue } from '../db/values.ts'
import { conflict, unprocessable } from '../http/errors.ts'
import { MAX_HOLDING_QUANTITY } from '../holdings/snapshot.ts'
import type { Account, AddHoldingsRequest, AddTargetPositionsRequest } from './schemas.ts'

const POSITIVE_DECIMAL = /^(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/

export async function addHoldings(tx: TransactionSql, account: Account, b: AddHoldingsRequest): Promise<string> {
  const date = new Date(b.holdings_date)
  const seen = new Set<string>()
  b.positions.forEach((p, i) => {
    const at = `body.positions[${i}]`
    if (seen.has(p.asset_identifier))
      throw unprocessable(`${at}.asset_identifier: '${p.asset_identifier}' appears more than once.`)
    seen.add(p.asset_identifier)
    if (!POSITIVE_DECIMAL.test(p.quantity.trim()) || !(Number(p.quantity) > 0))
      throw unprocessable(`${at}.quantity: '${p.quantity}' is not a positive number.`)
    if (Number(p.quantity) > MAX_HOLDING_QUANTITY)
      throw unprocessable(
        `${at}.quantity: '${p.quantity}' is larger than the largest quantity, ${MAX_HOLDING_QUANTITY.toExponential()}.`,
      )
    if (p.target_trade_time && new Date(p.target_trade_time).getTime() !== date.getTime())
      throw unprocessable(`${at}.target_trade_time: must equal holdings_date when given.`)
  })
  const known = new Map(
    (
      await tx<
        { unique_identifier: string; uid: string }[]
      >`select unique_identifier, uid::text from assets where unique_identifier = any(${[...seen]}::text[])`
    ).map((r) => [r.unique_identifier, r.uid]),
  )
  b.positions.forEach((p, i) => {
    const uid = known.get(p.asset_identifier)
    if (!uid) throw unprocessable(`body.positions[${i}].asset_identifier: asset '${p.asset_identifier}' was not found.`)
    if (p.asset_uid && p.asset_uid.toLowerCase() !== uid)
      throw unprocessable(
        `body.positions[${i}].asset_uid: '${p.asset_uid}' is not the uid of '${p.asset_identifier}' (${uid}).`,
      )
  })

  const [existing] = await tx<
    { uid: string }[]
  >`select uid::text from account_holdings_sets where account_uid = ${account.uid} and time_index = ${date} for update`
  if (existing && !b.overwrite)
    throw conflict(
      `Account holdings snapshot already exists for account_uid='${account.uid}' and ` +
        `holdings_date=${date.toISOString()}.`,
    )
  let setUid: string
  if (existing) {
    setUid = existing.uid
    await tx`delete from account_holdings where holdings_set_uid = ${setUid}`
  } else {
    ;[{ uid: setUid }] = await tx<
      { uid: string }[]
    >`insert into account_holdings_sets (account_uid, time_index, source_data_node_uid) values (${account.uid},
      ${date}, ${account.holdings_data_node_uid}) returning uid::text`
  }
  const rows = b.positions.map((p) => ({
    holdings_set_uid: setUid,
    asset_identifier: p.asset_identifier,
    time_index: date,
    account_uid: account.uid,
    quantity: p.quantity.trim(),
    direction: p.direction ?? 1,
    target_trade_time: p.target_trade_time ? new Date(p.target_trade_time) : null,
    extra_details: jsonValue(tx, p.extra_details ?? {}),
  }))
  // a snapshot may hold more rows than one statement can bind
  for (const chunk of rowChunks(rows)) await tx`insert into account_holdings ${tx(chunk)}`
  return setUid
}

type Position = AddTargetPositionsRequest['positions'][number]
const EXPOSURES = ['weight_notional_exposure', 'constant_notional_exposure', 'single_asset_quantity'] as const
const exposure = (p: Position, key: (typeof EXPOSURES)[number]): string | null => {
  const v = (p as Partial<Record<(typeof EXPOSURES)[number], string | number | null>>)[key]
  return v === undefined || v === null ? null : String(v)
}

export async function addTargetPositions(
  tx: TransactionSql,
  account: Account,
  b: AddTargetPositionsRequest,
): Promise<void> {
  const date = new Date(b.target_positions_date)
  const seen = new Set<string>()
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  b.positions.forEach((p, i) => {
    const at = `body.positions[${i}]`
    if (EXPOSURES.filter((k) => exposure(p, k) !== null).length !== 1)
      throw unprocessable(`${at}: Each target position must provide exactly one exposure field.`)
    const ref = p.target_type === 'asset' ? p.asset_uid : p.portfolio_uid
    if (!UUID.test(p.target_uid)) throw unprocessable(`${at}.target_uid: '${p.target_uid}' is not a UUID.`)
    if (ref.toLowerCase() !== p.target_uid.toLowerCase())
      throw unprocessable(`${at}.target_uid: must equal ${p.target_type}_uid.`)
    const key = `${p.target_type}:${p.target_uid.toLowerCase()}`
    if (seen.has(key)) throw unprocessable(`${at}: ${p.target_type} '${p.target_uid}' appears more than once.`)
    seen.add(key)
  })
  const uids = (type: string) =>
    b.positions.filter((p) => p.target_type === type).map((p) => p.target_uid.toLowerCase())
  const [missing] = await tx<{ assets: string[]; portfolios: string[] }[]>`
    select array(select u::text from unnest(${uids('asset')}::uuid[]) u where not exists (select 1 from assets a where
      a.uid = u)) as assets,
           array(select u::text from unnest(${uids('portfolio')}::uuid[]) u where not exists (select 1 from portfolios
             p where p.uid = u)) as portfolios`
  if (missing.assets.length)
    throw unprocessable(`body.positions: asset(s) ${missing.assets.join(', ')} were not found.`)
  if (missing.portfolios.length)
    throw unprocessable(`body.positions: portfolio(s) ${missing.portfolios.join(', ')} were not found.`)

  // the account's own allocation model and target allocation, created on first use
  const [model] = await tx<{ uid: string }[]>`
    insert into account_allocation_models (allocation_model_name, metadata_json) values (${account.uid},
      ${jsonValue(tx, { source: 'apps.v1' })})
    on conflict (allocation_model_name) do update set allocation_model_name = excluded.allocation_model_name returning
      uid::text`
  const [allocation] = await tx<{ uid: string }[]>`
    insert into account_target_allocations (unique_identifier, account_uid, account_allocation_model_uid,
      display_name, is_active, source)
    values (${account.uid}, ${account.uid}, ${model.uid}, ${account.account_name}, true, 'apps.v1')
    on conflict (unique_identifier) do update set display_name = excluded.display_name, is_active = true returning
      uid::text`
  const [existing] = await tx<
    { uid: string }[]
  >`select uid::text from position_sets where account_target_allocation_uid = ${allocation.uid} and position_set_time
    = ${date} for update`
  if (existing && !b.overwrite)
    throw conflict(
      `Account target-position snapshot already exists for account_uid='${account.uid}' and ` +
        `target_positions_date=${date.toISOString()}.`,
    )
  let setUid: string
  if (existing) {
    setUid = existing.uid
    await tx`delete from target_positions where position_set_uid = ${setUid}`
  } else {
    ;[{ uid: setUid }] = await tx<{ uid: string }[]>`
      insert into position_sets (account_target_allocation_uid, position_set_time, source, metadata_json)
      values (${allocation.uid}, ${date}, 'apps.v1', ${jsonValue(tx, { account_uid: account.uid })}) returning
        uid::text`
  }
  const rows = b.positions.map((p) => ({
    position_set_uid: setUid,
    time_index: date,
    target_type: p.target_type,
    target_uid: p.target_uid.toLowerCase(),
    asset_uid: p.target_type === 'asset' ? p.asset_uid.toLowerCase() : null,
    portfolio_uid: p.target_type === 'portfolio' ? p.portfolio_uid.toLowerCase() : null,
    weight_notional_exposure: exposure(p, 'weight_notional_exposure'),
    constant_notional_exposure: exposure(p, 'constant_notional_exposure'),
    single_asset_quantity: exposure(p, 'single_asset_quantity'),
    metadata_json: jsonValue(tx, p.metadata_json ?? {}),
  }))
  for (const chunk of rowChunks(rows)) await tx`insert into target_positions ${tx(chunk)}`
}
