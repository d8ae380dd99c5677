/**
 * The rules and transactions of market-data sets and bindings; the SQL is in repository.ts. Writes run in one
 * transaction; a unique conflict answers 409 and a reference to a set or data node that does not exist 422.
 */
import type { Sql, TransactionSql } from '../db/client.ts'
import { conflictOnDuplicate, notFound, unprocessable } from '../http/errors.ts'
import * as repo from './repository.ts'
import type {
  DeleteResult,
  MarketDataBinding,
  MarketDataBindingCreate,
  MarketDataBindingUpdate,
  MarketDataSet,
  MarketDataSetCreate,
  MarketDataSetUpdate,
} from './schemas.ts'

export const setMissing = (ref: string) => notFound(`Pricing market-data set '${ref}' was not found.`)
export const bindingMissing = (uid: string) => notFound(`Pricing market-data binding '${uid}' was not found.`)

/** The set, or 404. */
export async function loadSet(sql: Sql, uid: string): Promise<MarketDataSet> {
  return (await repo.findSet(sql, uid)) ?? Promise.reject(setMissing(uid))
}

/** The binding, or 404. */
export async function loadBinding(sql: Sql, uid: string): Promise<MarketDataBinding> {
  return (await repo.findBinding(sql, uid)) ?? Promise.reject(bindingMissing(uid))
}

/** A binding's set and data node must exist: checked first so the client learns which field is wrong. */
async function checkBindingReferences(
  tx: TransactionSql,
  setUid: string | undefined,
  nodeUid: string | undefined,
): Promise<string | undefined> {
  if (setUid !== undefined && !(await repo.findSet(tx, setUid)))
    throw unprocessable(`body.market_data_set_uid: pricing market-data set '${setUid}' does not exist.`)
  if (nodeUid === undefined) return undefined
  const storage = await repo.dataNodeStorage(tx, nodeUid)
  if (storage === undefined) throw unprocessable(`body.data_node_uid: data node '${nodeUid}' does not exist.`)
  return storage
}

const duplicateSet = (key: string) => `A pricing market-data set with set_key '${key}' already exists.`
const duplicateBinding = (b: { market_data_set_uid: string; concept_key: string }) =>
  `Market-data set '${b.market_data_set_uid}' already has a '${b.concept_key}' binding (one binding per set and ` +
  `concept; use upsert or update).`

export async function createSet(sql: Sql, b: MarketDataSetCreate): Promise<MarketDataSet> {
  return sql.begin((tx) => repo.insertSet(tx, b)).catch(conflictOnDuplicate(() => duplicateSet(b.set_key.trim())))
}

export async function upsertSet(sql: Sql, b: MarketDataSetCreate): Promise<MarketDataSet> {
  return sql.begin((tx) => repo.upsertSet(tx, b))
}

export async function updateSet(sql: Sql, uid: string, b: MarketDataSetUpdate): Promise<MarketDataSet> {
  const row = await sql.begin((tx) => repo.updateSet(tx, uid, b))
  return row ?? Promise.reject(setMissing(uid))
}

/** Deletes a set; its bindings and curve selections go with it (foreign-key cascade). */
export async function deleteSet(sql: Sql, uid: string): Promise<DeleteResult> {
  const deleted = await repo.deleteSet(sql, uid)
  if (deleted === 0) throw setMissing(uid)
  return { detail: 'Deleted pricing market-data set.', uid, deleted_count: deleted }
}

export async function createBinding(sql: Sql, b: MarketDataBindingCreate): Promise<MarketDataBinding> {
  return sql
    .begin(async (tx) =>
      repo.insertBinding(tx, b, (await checkBindingReferences(tx, b.market_data_set_uid, b.data_node_uid))!),
    )
    .catch(conflictOnDuplicate(() => duplicateBinding(b)))
}

export async function upsertBinding(sql: Sql, b: MarketDataBindingCreate): Promise<MarketDataBinding> {
  return sql.begin(async (tx) =>
    repo.upsertBinding(tx, b, (await checkBindingReferences(tx, b.market_data_set_uid, b.data_node_uid))!),
  )
}

export async function updateBinding(sql: Sql, uid: string, b: MarketDataBindingUpdate): Promise<MarketDataBinding> {
  const row = await sql.begin(async (tx) => {
    if (!(await repo.findBinding(tx, uid))) throw bindingMissing(uid)
    const storage = await checkBindingReferences(tx, undefined, b.data_node_uid)
    return repo.updateBinding(tx, uid, b, storage)
  })
  return row ?? Promise.reject(bindingMissing(uid))
}

export async function deleteBinding(sql: Sql, uid: string): Promise<DeleteResult> {
  const deleted = await repo.deleteBinding(sql, uid)
  if (deleted === 0) throw bindingMissing(uid)
  return { detail: 'Deleted pricing market-data binding.', uid, deleted_count: deleted }
}
