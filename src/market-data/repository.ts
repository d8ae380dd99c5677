/** SQL of pricing market-data sets and concept bindings. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { jsonValue, nul, sentFields } from '../db/values.ts'
import type {
  MarketDataBinding,
  MarketDataBindingCreate,
  MarketDataBindingUpdate,
  MarketDataSet,
  MarketDataSetCreate,
  MarketDataSetUpdate,
} from './schemas.ts'

type Db = Sql | TransactionSql
const SET = 'uid::text, set_key, display_name, description, status, metadata_json, max_curve_age_days'
const BINDING =
  'uid::text, market_data_set_uid::text, concept_key, data_node_uid::text, storage_table_identifier, source, ' +
  'metadata_json'

export async function listSets(sql: Sql, f: { limit: number; offset: number; status?: string; set_key?: string }) {
  const where = sql`where true ${f.status !== undefined ? sql`and status = ${f.status}` : sql``}
    ${f.set_key !== undefined ? sql`and set_key = ${f.set_key}` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<
      MarketDataSet[]
    >`select ${sql.unsafe(SET)} from pricing_market_data_sets ${where} order by set_key, uid limit ${f.limit} offset
      ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from pricing_market_data_sets ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findSet(sql: Db, uid: string): Promise<MarketDataSet | undefined> {
  const [row] = await sql<MarketDataSet[]>`select ${sql.unsafe(SET)} from pricing_market_data_sets where uid = ${uid}`
  return row
}

export async function findSetByKey(sql: Db, setKey: string): Promise<MarketDataSet | undefined> {
  const [row] = await sql<
    MarketDataSet[]
  >`select ${sql.unsafe(SET)} from pricing_market_data_sets where set_key = ${setKey}`
  return row
}

const setValues = (sql: Db, b: MarketDataSetCreate) => ({
  set_key: b.set_key.trim(),
  display_name: b.display_name,
  description: nul(b.description),
  status: b.status ?? 'ACTIVE',
  metadata_json: jsonValue(sql, b.metadata_json),
  max_curve_age_days: b.max_curve_age_days === undefined ? 7 : b.max_curve_age_days,
})

export async function insertSet(tx: TransactionSql, b: MarketDataSetCreate): Promise<MarketDataSet> {
  const [row] = await tx<
    MarketDataSet[]
  >`insert into pricing_market_data_sets ${tx(setValues(tx, b))} returning ${tx.unsafe(SET)}`
  return row
}

/** On set_key conflict every other column is overwritten (the peer's upsert). */
export async function upsertSet(tx: TransactionSql, b: MarketDataSetCreate): Promise<MarketDataSet> {
  const v = setValues(tx, b)
  const [row] = await tx<MarketDataSet[]>`
    insert into pricing_market_data_sets ${tx(v)}
    on conflict (set_key) do update set display_name = excluded.display_name, description = excluded.description,
      status = excluded.status, metadata_json = excluded.metadata_json,
      max_curve_age_days = excluded.max_curve_age_days
    returning ${tx.unsafe(SET)}`
  return row
}

/** Only the keys the client sent are changed; undefined when the set does not exist. */
export async function updateSet(
  tx: TransactionSql,
  uid: string,
  b: MarketDataSetUpdate,
): Promise<MarketDataSet | undefined> {
  const patch = sentFields(b, ['display_name', 'description', 'status', 'metadata_json', 'max_curve_age_days'])
  if ('metadata_json' in patch) patch.metadata_json = jsonValue(tx, patch.metadata_json)
  if (Object.keys(patch).length === 0) return findSet(tx, uid)
  const [row] = await tx<
    MarketDataSet[]
  >`update pricing_market_data_sets set ${tx(patch)} where uid = ${uid} returning ${tx.unsafe(SET)}`
  return row
}

export async function deleteSet(sql: Sql, uid: string): Promise<number> {
  return (await sql`delete from pricing_market_data_sets where uid = ${uid}`).count
}

export async function listBindings(
  sql: Sql,
  f: { limit: number; offset: number; market_data_set_uid?: string; concept_key?: string },
) {
  const where = sql`where true
    ${f.market_data_set_uid !== undefined ? sql`and market_data_set_uid = ${f.market_data_set_uid}` : sql``}
    ${f.concept_key !== undefined ? sql`and concept_key = ${f.concept_key}` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<
      MarketDataBinding[]
    >`select ${sql.unsafe(BINDING)} from pricing_market_data_bindings ${where} order by market_data_set_uid,
      concept_key, uid limit ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from pricing_market_data_bindings ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findBinding(sql: Db, uid: string): Promise<MarketDataBinding | undefined> {
  const [row] = await sql<
    MarketDataBinding[]
  >`select ${sql.unsafe(BINDING)} from pricing_market_data_bindings where uid = ${uid}`
  return row
}

/** The storage identifier of a data node, or undefined when the node does not exist. */
export async function dataNodeStorage(sql: Db, uid: string): Promise<string | undefined> {
  const [row] = await sql<
    { storage_table_identifier: string }[]
  >`select storage_table_identifier from data_nodes where uid = ${uid}`
  return row?.storage_table_identifier
}

const bindingValues = (sql: Db, b: MarketDataBindingCreate, storage: string) => ({
  market_data_set_uid: b.market_data_set_uid,
  concept_key: b.concept_key.trim(),
  data_node_uid: b.data_node_uid,
  storage_table_identifier: b.storage_table_identifier ?? storage,
  source: nul(b.source),
  metadata_json: jsonValue(sql, b.metadata_json),
})

export async function insertBinding(
  tx: TransactionSql,
  b: MarketDataBindingCreate,
  storage: string,
): Promise<MarketDataBinding> {
  const [row] = await tx<
    MarketDataBinding[]
  >`insert into pricing_market_data_bindings ${tx(bindingValues(tx, b, storage))} returning ${tx.unsafe(BINDING)}`
  return row
}

export async function upsertBinding(
  tx: TransactionSql,
  b: MarketDataBindingCreate,
  storage: string,
): Promise<MarketDataBinding> {
  const [row] = await tx<MarketDataBinding[]>`
    insert into pricing_market_data_bindings ${tx(bindingValues(tx, b, storage))}
    on conflict (market_data_set_uid, concept_key) do update set data_node_uid = excluded.data_node_uid,
      storage_table_identifier = excluded.storage_table_identifier, source = excluded.source, metadata_json =
        excluded.metadata_json
    returning ${tx.unsafe(BINDING)}`
  return row
}

export async function updateBinding(
  tx: TransactionSql,
  uid: string,
  b: MarketDataBindingUpdate,
  storage: string | undefined,
): Promise<MarketDataBinding | undefined> {
  const patch = sentFields(b, ['data_node_uid', 'storage_table_identifier', 'source', 'metadata_json'])
  // a new node without an explicit storage identifier takes the node's own
  if (!('storage_table_identifier' in patch) && storage !== undefined) patch.storage_table_identifier = storage
  if ('metadata_json' in patch) patch.metadata_json = jsonValue(tx, patch.metadata_json)
  if (Object.keys(patch).length === 0) return findBinding(tx, uid)
  const [row] = await tx<
    MarketDataBinding[]
  >`update pricing_market_data_bindings set ${tx(patch)} where uid = ${uid} returning ${tx.unsafe(BINDING)}`
  return row
}

export async function deleteBinding(sql: Sql, uid: string): Promise<number> {
  return (await sql`delete from pricing_market_data_bindings where uid = ${uid}`).count
}

/** The set (by uid or set_key) and its binding for `conceptKey`: which of the two is missing, or the node. */
export async function resolveBinding(
  sql: Sql,
  setRef: string,
  conceptKey: string,
): Promise<{ set_key: string; data_node_uid: string | null } | undefined> {
  const [row] = await sql<{ set_key: string; data_node_uid: string | null }[]>`
    select m.set_key, b.data_node_uid::text from pricing_market_data_sets m
    left join pricing_market_data_bindings b on b.market_data_set_uid = m.uid and b.concept_key = ${conceptKey}
    where m.uid::text = ${setRef} or m.set_key = ${setRef}
    order by (m.uid::text = ${setRef}) desc limit 1`
  return row
}
