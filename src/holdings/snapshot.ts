/**
 * Shared by the holdings-like snapshots (account holdings, virtual-fund holdings, portfolio weights, target
 * positions): the query parameters that pick one snapshot, and the asset reference each row may carry.
 */
import { Type, type Static } from 'typebox'
import { DateTime, Nullable } from '../contracts/common.ts'
import type { Sql, TransactionSql } from '../db/client.ts'

/** `order`, `limit` (always 1: one snapshot), `include_asset_detail` and the exact date parameter `dateKey`. */
export const snapshotQuery = <K extends string>(dateKey: K) =>
  Type.Object(
    {
      order: Type.Enum(['asc', 'desc'], {
        default: 'desc',
        description: 'latest (desc) or earliest (asc) snapshot when no date is given',
      }),
      limit: Type.Integer({ minimum: 1, maximum: 1, default: 1, description: 'one snapshot per request' }),
      include_asset_detail: Type.Boolean({ default: true }),
      ...({ [dateKey]: Type.Optional(DateTime) } as Record<K, ReturnType<typeof Type.Optional<typeof DateTime>>>),
    },
    { additionalProperties: false },
  )

export const SnapshotNames = Type.Object(
  { name: Nullable(Type.String()), ticker: Nullable(Type.String()) },
  { additionalProperties: false },
)

export const HoldingAsset = Type.Object(
  { uid: Nullable(Type.String()), asset_identifier: Type.String(), current_snapshot: SnapshotNames },
  { additionalProperties: false },
)
export type HoldingAsset = Static<typeof HoldingAsset>

export interface AssetInfo {
  uid: string | null
  name: string | null
  ticker: string | null
}

/** Asset uid and latest snapshot name/ticker per identifier, in one query. */
export async function assetInfo(sql: Sql | TransactionSql, identifiers: string[]): Promise<Map<string, AssetInfo>> {
  if (identifiers.length === 0) return new Map()
  const rows = await sql<(AssetInfo & { identifier: string })[]>`
    select a.unique_identifier as identifier, a.uid::text as uid, s.name, s.ticker
    from assets a
    left join lateral (select name, ticker from asset_snapshots where asset_identifier = a.unique_identifier order by
      time_index desc limit 1) s on true
    where a.unique_identifier = any(${identifiers}::text[])`
  return new Map(rows.map((r) => [r.identifier, { uid: r.uid, name: r.name, ticker: r.ticker }]))
}

export function holdingAsset(identifier: string, info: AssetInfo | undefined): HoldingAsset {
  return {
    uid: info?.uid ?? null,
    asset_identifier: identifier,
    current_snapshot: { name: info?.name ?? null, ticker: info?.ticker ?? null },
  }
}

/** ISO string of a timestamptz column, or null. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null)

/**
 * The largest holding quantity (in absolute value) the service stores and computes with: risk multiplies it by
 * NPVs and DV01s in doubles, which stay finite and exact enough far beyond it.
 */
export const MAX_HOLDING_QUANTITY = 1e15
