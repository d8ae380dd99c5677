/** SQL of the index registry and of its delete preflight. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { containsPattern } from '../http/pagination.ts'
import { jsonValue, nul } from '../db/values.ts'
import type { Index, IndexConventionDetails, IndexConventionInput, IndexListQuery } from './schemas.ts'

const INDEX =
  'uid::text, unique_identifier, index_type, display_name, calculation_method, value_format, value_suffix, ' +
  'description, metadata_json'

export async function listIndexes(sql: Sql, f: IndexListQuery): Promise<{ rows: Index[]; total: number }> {
  const pattern = f.search ? containsPattern(f.search) : undefined
  // fixings are the published values of an index and they are daily: any other cadence matches nothing
  const hasValues =
    f.cadence !== undefined ? f.cadence.trim().toLowerCase() === 'daily' || null : f.has_canonical_values
  const values = sql`exists (select 1 from index_fixings x where x.index_identifier = i.unique_identifier)`
  const where = sql`where true
    ${
      pattern
        ? sql`and (i.uid::text ilike ${pattern} or i.unique_identifier ilike ${pattern} or i.display_name ilike
      ${pattern} or coalesce(i.description, '') ilike ${pattern})`
        : sql``
    }
    ${f.index_type !== undefined ? sql`and i.index_type = ${f.index_type}` : sql``}
    ${f.has_formula !== undefined ? sql`and (i.calculation_method = 'formula') = ${f.has_formula}` : sql``}
    ${
      hasValues === null
        ? sql`and false`
        : hasValues === true
          ? sql`and ${values}`
          : hasValues === false
            ? sql`and
      not ${values}`
            : sql``
    }`
  const [rows, [count]] = await Promise.all([
    sql<Index[]>`select ${sql.unsafe(INDEX.replace(/(^|, )/g, '$1i.'))} from indexes i ${where}
                 order by lower(coalesce(i.display_name, '')), i.unique_identifier, i.uid limit ${f.limit} offset
                   ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from indexes i ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findIndex(sql: Sql | TransactionSql, uid: string, lock = false): Promise<Index | undefined> {
  const [row] = await sql<
    Index[]
  >`select ${sql.unsafe(INDEX)} from indexes where uid = ${uid} ${lock ? sql`for update` : sql``}`
  return row
}

export interface IndexDependents {
  future_assets: number
  fixings: number
  portfolios: number
  conventions: number
  curve_selections: number
  parameter_selections: number
}

export async function countIndexDependents(sql: Sql | TransactionSql, index: Index): Promise<IndexDependents> {
  const [row] = await sql<IndexDependents[]>`
    select (select count(*)::int from future_asset_details where underlying_index_uid = ${index.uid}) as future_assets,
           (select count(*)::int from index_fixings where index_identifier = ${index.unique_identifier}) as fixings,
           (select count(*)::int from portfolios where published_index_uid = ${index.uid}) as portfolios,
           (select count(*)::int from index_convention_details where index_uid = ${index.uid}) as conventions,
           (select count(*)::int from pricing_curve_selections where selector_type = 'index' and selector_key =
             ${index.uid}) as curve_selections,
           (select count(*)::int from pricing_parameter_selections where selector_key = ${index.uid}) as
             parameter_selections`
  return row
}

export async function indexDependentSamples(
  sql: Sql,
  index: Index,
  limit: number,
): Promise<Record<keyof IndexDependents, Record<string, unknown>[]>> {
  const [future_assets, fixings, portfolios, conventions, curve_selections, parameter_selections] = await Promise.all([
    sql`select asset_uid::text from future_asset_details where underlying_index_uid = ${index.uid} order by asset_uid
      limit ${limit}`,
    sql`select data_node_uid::text, fixing_date::text, rate from index_fixings where index_identifier =
      ${index.unique_identifier} order by fixing_date desc limit ${limit}`,
    sql`select uid::text, unique_identifier from portfolios where published_index_uid = ${index.uid} order by
      unique_identifier limit ${limit}`,
    sql`select index_uid::text, index_family from index_convention_details where index_uid = ${index.uid} limit
      ${limit}`,
    sql`select uid::text, market_data_set_uid::text, binding_key, curve_uid::text from pricing_curve_selections where
      selector_type = 'index' and selector_key = ${index.uid} order by binding_key limit ${limit}`,
    sql`select uid::text, market_data_set_uid::text, binding_key, parameter_uid::text from pricing_parameter_selections
      where selector_key = ${index.uid} order by binding_key limit ${limit}`,
  ])
  return {
    future_assets: [...future_assets],
    fixings: [...fixings],
    portfolios: [...portfolios],
    conventions: [...conventions],
    curve_selections: [...curve_selections],
    parameter_selections: [...parameter_selections],
  }
}

/** Portfolios lose their published index and conventions cascade, both by foreign key. */
export async function deleteIndex(tx: TransactionSql, uid: string): Promise<void> {
  await tx`delete from indexes where uid = ${uid}`
}

const CONVENTION = 'index_uid::text, index_family, convention_dump, serialization_format, source, metadata_json'

export async function findConvention(
  sql: Sql | TransactionSql,
  indexUid: string,
): Promise<IndexConventionDetails | null> {
  const [row] = await sql<
    IndexConventionDetails[]
  >`select ${sql.unsafe(CONVENTION)} from index_convention_details where index_uid = ${indexUid}`
  return row ?? null
}

export async function insertIndex(tx: TransactionSql, v: Record<string, unknown>): Promise<Index> {
  const [row] = await tx<Index[]>`insert into indexes ${tx(v)} returning ${tx.unsafe(INDEX)}`
  return row
}

export async function updateIndex(
  tx: TransactionSql,
  uid: string,
  patch: Record<string, unknown>,
): Promise<Index | undefined> {
  if (Object.keys(patch).length === 0) return findIndex(tx, uid)
  const [row] = await tx<Index[]>`update indexes set ${tx(patch)} where uid = ${uid} returning ${tx.unsafe(INDEX)}`
  return row
}

/** Writes (or with `null` removes) the conventions of an index. */
export async function setConvention(
  tx: TransactionSql,
  indexUid: string,
  c: IndexConventionInput | null,
): Promise<void> {
  if (c === null) {
    await tx`delete from index_convention_details where index_uid = ${indexUid}`
    return
  }
  const row = {
    index_uid: indexUid,
    index_family: c.index_family,
    convention_dump: jsonValue(tx, c.convention_dump),
    source: nul(c.source),
    metadata_json: jsonValue(tx, c.metadata_json),
  }
  await tx`insert into index_convention_details ${tx(row)}
           on conflict (index_uid) do update set index_family = excluded.index_family, convention_dump =
             excluded.convention_dump,
             source = excluded.source, metadata_json = excluded.metadata_json`
}
