/** Wire shapes of the asset registry (reference/routes.md §2). */
import { Type, type Static } from 'typebox'
import { DateTime, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'

export const Asset = Type.Object(
  { uid: Uid, unique_identifier: Type.String(), asset_type: Nullable(Type.String()) },
  { additionalProperties: false, title: 'Asset' },
)
export type Asset = Static<typeof Asset>
export const AssetCollection = ResourceCollection(Asset, 'ResourceCollection_Asset_')

export const AssetListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 50, maxLimit: 500 }),
    search: Type.Optional(
      Type.String({ description: 'case-insensitive substring of uid, unique_identifier, asset_type or ticker' }),
    ),
    categories__uid: Type.Optional(Uid),
  },
  { additionalProperties: false },
)
export type AssetListQuery = Static<typeof AssetListQuery>

export const MonitorFrameQuery = Type.Object(
  {
    search: Type.Optional(Type.String()),
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
    offset: Type.Integer({ minimum: 0, default: 0, description: 'rows to skip (a frame, so no alignment rule)' }),
    asset_type: Type.Optional(Type.String({ description: 'exact asset type' })),
    unique_identifiers: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description: 'repeat the key; rows follow the request order and search is ignored',
      }),
    ),
  },
  { additionalProperties: false },
)
export type MonitorFrameQuery = Static<typeof MonitorFrameQuery>

export const CurrentSnapshot = Type.Object(
  {
    time_index: Nullable(DateTime),
    asset_identifier: Nullable(Type.String()),
    name: Nullable(Type.String()),
    ticker: Nullable(Type.String()),
    exchange_code: Nullable(Type.String()),
    asset_ticker_group_id: Nullable(Type.String()),
  },
  { additionalProperties: false },
)

export const AssetDetailResponse = Type.Object(
  {
    uid: Uid,
    unique_identifier: Type.String(),
    asset_type: Nullable(Type.String()),
    current_snapshot: CurrentSnapshot,
    details: Type.Array(Type.Unknown()),
    trading_view: Type.Null(),
    order_form: Type.Null(),
  },
  { additionalProperties: false, title: 'AssetDetailResponse' },
)
