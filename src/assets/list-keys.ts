/**
 * Pages of assets in a list's order, optionally narrowed by a contains-search, read from asset_list_keys
 * (migration 0090) so that a page costs about its offset plus its size in index entries, not the whole table:
 *
 * - the order is an index: `sort_key COLLATE "C", asset_uid` is lower(unique_identifier), uid (listAssets, the
 *   monitor frame) and `label, unique_identifier, asset_uid` is the target-allocation order. "C" compares code
 *   points, as this service's C.UTF-8 databases do, and gives the same order under any database collation.
 * - a search term matches whole asset types (`bond` matches every bond) or individual assets. The types it
 *   matches are found in asset_type_counts and read as ordered (asset_type, order) index ranges; the other
 *   matches are counted once (through the trigram index on `doc`, cached while the data is unchanged, see
 *   src/db/list-counts.ts) and then read through that index when they are few, or by walking the order index
 *   when they are many (then they are dense, so a page is found after a short walk).
 */
import { BoundedCache } from '../caches/bounded-cache.ts'
import type { Sql } from '../db/client.ts'
import { cachedCount } from '../db/list-counts.ts'

type Fragment = ReturnType<Sql['unsafe']>

/** Which values a list's search reads (routes.md): all of them read uid, identifier and type. */
export type SearchFields = 'list' | 'monitor' | 'target'
export type AssetOrder = 'identifier' | 'label'

/**
 * At most `few` matches are read through the trigram index and sorted; more, by walking the order index. The
 * answers are the same either way (tests lower it to prove so); only the cost differs.
 */
export const searchTuning = { few: 20_000 }

const ORDER: Record<AssetOrder, { by: string; keys: string; row: string }> = {
  identifier: {
    by: 'k.sort_key collate "C", k.asset_uid',
    keys: 'k.sort_key, k.asset_uid',
    row: '(k.sort_key collate "C", k.asset_uid)',
  },
  label: {
    by: 'k.label collate "C", k.unique_identifier collate "C", k.asset_uid',
    keys: 'k.label, k.unique_identifier, k.asset_uid',
    row: '(k.label collate "C", k.unique_identifier collate "C", k.asset_uid)',
  },
}

/** The list's own predicate on everything but the type (the type is matched as a whole, see typeMatches). */
export function otherMatch(sql: Sql, fields: SearchFields, p: string): Fragment {
  const common = sql`lower(k.asset_uid::text) like ${p} or k.sort_key like ${p}`
  if (fields === 'list') return sql`(${common} or lower(coalesce(k.details_ticker, '')) like ${p})`
  if (fields === 'monitor')
    return sql`(${common} or lower(coalesce(k.details_ticker, k.snapshot_ticker, '')) like ${p})`
  return sql`(${common} or lower(coalesce(k.snapshot_name, '')) like ${p} or lower(coalesce(k.snapshot_ticker, ''))
    like ${p})`
}

/**
 * Whether a trigram index can narrow a contains-search: pg_trgm reads words of letters and digits, and a term
 * without three in a row gives it no trigram (it would then read its whole index, slower than not using it).
 */
export const trigramIndexable = (pattern: string): boolean => /[\p{L}\p{N}]{3}/u.test(pattern)

export interface AssetSearch {
  fields: SearchFields
  /** the lowered search term, and its `%term%` pattern */
  term: string
  pattern: string
  /** the stamp of the asset lists (list_state), under which counts are cached */
  stamp: string
  /** only assets of exactly this type (the monitor frame's asset_type) */
  assetType?: string
}

export interface SearchPlan {
  search: AssetSearch
  /** types whose every asset matches, with their sizes */
  types: { asset_type: string; n: number }[]
  /** matches among assets of the other types: `prefix` of them have an identifier starting with the term */
  others: number
  prefix: number
  total: number
}

/**
 * [lo, hi) in "C" order holds exactly the sort keys that start with `term` (hi: its last character's successor),
 * so identifier-prefix matches, however many, are one range of the order index.
 */
function prefixRange(term: string): [string, string] | undefined {
  const chars = [...term]
  const last = chars.pop()
  if (last === undefined) return undefined
  let next = last.codePointAt(0)! + 1
  if (next === 0xd800) next = 0xe000
  if (next > 0x10ffff) return undefined
  return [term, chars.join('') + String.fromCodePoint(next)]
}

/** The assets whose identifier starts with `term`: a range of the order index. */
export const startsWith = (sql: Sql, term: string): Fragment => {
  const range = prefixRange(term)
  return range ? sql`(k.sort_key collate "C" >= ${range[0]} and k.sort_key collate "C" < ${range[1]})` : sql`false`
}

/** Which types match as a whole and how many other assets match: the exact count, and how to read a page. */
export async function planSearch(sql: Sql, search: AssetSearch): Promise<SearchPlan> {
  const { pattern: p, assetType, term } = search
  const ofType = assetType !== undefined ? sql`and k.asset_type = ${assetType}` : sql``
  const notTypes = sql`not lower(coalesce(k.asset_type, '')) like ${p}`
  const scope = `${search.fields}:${assetType ?? ''}:${p}`
  const [types, others, prefix] = await Promise.all([
    sql<{ asset_type: string; n: number }[]>`
      select asset_type, n::bigint as n from asset_type_counts
      where n > 0 and lower(asset_type) like ${p} ${
        assetType !== undefined
          ? sql`and asset_type =
        ${assetType}`
          : sql``
      }
      order by asset_type`,
    cachedCount([search.stamp], `others:${scope}`, async () => {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::bigint as n from asset_list_keys k
        where ${trigramIndexable(p) ? sql`k.doc like ${p} and` : sql``} ${otherMatch(sql, search.fields, p)} and
          ${notTypes} ${ofType}`
      return row.n
    }),
    cachedCount([search.stamp], `prefix:${scope}`, async () => {
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::bigint as n from asset_list_keys k where ${startsWith(sql, term)} and ${notTypes} ${ofType}`
      return row.n
    }),
  ])
  return { search, types: [...types], others, prefix, total: types.reduce((s, t) => s + t.n, 0) + others }
}

/**
 * A query of the page's asset_uid in order (column `asset_uid`, with the order's key columns), for a plan or,
 * without one, for every asset (of `assetType` when given).
 */
export function pageKeys(
  sql: Sql,
  order: AssetOrder,
  limit: number,
  offset: number,
  plan?: SearchPlan,
  assetType?: string,
): Fragment {
  const { by, keys } = ORDER[order]
  if (!plan) {
    return sql`select ${sql.unsafe(keys)} from asset_list_keys k ${
      assetType !== undefined
        ? sql`where k.asset_type =
      ${assetType}`
        : sql``
    }
               order by ${sql.unsafe(by)} limit ${limit} offset ${offset}`
  }
  const { pattern: p, fields, term } = plan.search
  const type = plan.search.assetType
  const ofType = type !== undefined ? sql`and k.asset_type = ${type}` : sql``
  const notTypes = sql`not lower(coalesce(k.asset_type, '')) like ${p}`
  const reach = limit + offset
  const branch = (where: Fragment) =>
    sql`(select ${sql.unsafe(keys)} from asset_list_keys k where ${where} order by ${sql.unsafe(by)} limit ${reach})`
  // whole types: ranges of the (asset_type, order) indexes
  const branches: Fragment[] = plan.types.map((t) => branch(sql`k.asset_type = ${t.asset_type}`))
  // identifiers starting with the term: one range of the order index
  if (plan.prefix > 0) branches.push(branch(sql`${startsWith(sql, term)} and ${notTypes} ${ofType}`))
  // the rest: few through the trigram index (`doc like`) then sorted; many by walking the order index
  const rest = plan.others - plan.prefix
  if (rest > 0) {
    const through = rest <= searchTuning.few && trigramIndexable(p) ? sql`k.doc like ${p} and` : sql``
    branches.push(
      branch(sql`${through} ${otherMatch(sql, fields, p)} and ${notTypes} and not ${startsWith(sql, term)} ${ofType}`),
    )
  }
  if (branches.length === 0) return sql`select ${sql.unsafe(keys)} from asset_list_keys k where false`
  const union = branches.reduce((a, b) => sql`${a} union all ${b}`)
  return sql`select * from (${union}) k order by ${sql.unsafe(by)} limit ${limit} offset ${offset}`
}

/**
 * Keyset access under the offset API: the order key of the row at a position of an unfiltered list (or of a
 * category, or of one type), learnt from pages read before under the same stamp. A page whose offset is known
 * starts at its key in the index instead of skipping `offset` entries: repeating a deep page, or reading the
 * pages one after the other, costs a page each. Any write renews the stamp, so a key is never used on other data.
 */
export const pageSeeks = new BoundedCache<string[]>(10_000)

export interface PageScope {
  stamp: string
  plan?: SearchPlan
  assetType?: string
  category?: string
}

/** The asset uids of one page, in the order. */
export async function pageUids(
  sql: Sql,
  order: AssetOrder,
  limit: number,
  offset: number,
  scope: PageScope,
): Promise<string[]> {
  const { by, keys, row } = ORDER[order]
  if (scope.plan) {
    const rows = await sql<
      { uid: string }[]
    >`select k.asset_uid::text as uid from (${pageKeys(sql, order, limit, offset, scope.plan)}) k order by
      ${sql.unsafe(by)}`
    return rows.map((r) => r.uid)
  }
  const table =
    scope.category !== undefined
      ? sql`asset_category_memberships k where k.category_uid = ${scope.category}`
      : sql`asset_list_keys k where true`
  const where = sql`${table} ${scope.assetType !== undefined ? sql`and k.asset_type = ${scope.assetType}` : sql``}`
  const at = (position: number) =>
    `${scope.stamp}|${order}|${scope.category ?? ''}|${scope.assetType ?? ''}|${position}`
  const seek = offset > 0 ? pageSeeks.get(at(offset)) : undefined
  const values = (seek ?? []).map((v) => sql`${v}`)
  const after = seek ? sql`and ${sql.unsafe(row)} >= (${values.reduce((a, b) => sql`${a}, ${b}`)})` : sql``
  // the key columns as text (learnt), and one row more: the key where the next page starts
  const rows = await sql<{ keys: string[] }[]>`
    select array[${sql.unsafe(
      keys
        .split(', ')
        .map((c) => `${c}::text`)
        .join(', '),
    )}] as keys from ${where} ${after}
    order by ${sql.unsafe(by)} limit ${limit + 1} ${seek ? sql`` : sql`offset ${offset}`}`
  if (rows.length > 0 && offset > 0) pageSeeks.set(at(offset), rows[0].keys)
  if (rows.length > limit) pageSeeks.set(at(offset + limit), rows[limit].keys)
  return rows.slice(0, limit).map((r) => r.keys[r.keys.length - 1])
}
