/** Wire shapes of portfolios and their weights (reference/routes.md §6). */
import { Type, type Static } from 'typebox'
import { DateTime, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'
import { HoldingAsset, snapshotQuery } from '../holdings/snapshot.ts'

export const Portfolio = Type.Object(
  {
    uid: Uid,
    unique_identifier: Type.String(),
    calendar_uid: Uid,
    published_index_uid: Nullable(Uid),
    portfolio_weights_data_node_uid: Nullable(Uid),
    signal_weights_data_node_uid: Nullable(Uid),
    signal_uid: Nullable(Type.String()),
    portfolio_data_node_uid: Nullable(Uid),
    backtest_table_price_column_name: Type.String(),
  },
  { additionalProperties: false, title: 'Portfolio' },
)
export type Portfolio = Static<typeof Portfolio>
export const PortfolioCollection = ResourceCollection(Portfolio, 'ResourceCollection_Portfolio_')

export const PortfolioListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 50, maxLimit: 500 }),
    search: Type.Optional(
      Type.String({
        description: 'substring of uid, unique_identifier, calendar_uid, published_index_uid or signal_uid',
      }),
    ),
    calendar_uid: Type.Optional(Uid),
  },
  { additionalProperties: false },
)

const Link = Type.Object(
  { key: Type.String(), label: Type.String(), url: Type.String() },
  { additionalProperties: false },
)
export const PortfolioDetailResponse = Type.Object(
  {
    portfolio: Portfolio,
    metadata: Nullable(
      Type.Object(
        { uid: Uid, unique_identifier: Type.String(), description: Nullable(Type.String()) },
        { additionalProperties: false },
      ),
    ),
    tabs: Type.Array(Link),
    links: Type.Object(
      { summary: Type.String(), latest_weights: Type.String(), delete: Type.String() },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'PortfolioDetailResponse' },
)

export const WeightsQuery = snapshotQuery('weights_date')
const Dec = Nullable(Type.String({ description: 'exact decimal' }))
export const PortfolioWeightsSnapshotResponse = Type.Object(
  {
    portfolio_uid: Uid,
    portfolio_unique_identifier: Type.String(),
    published_index_uid: Nullable(Uid),
    portfolio_identifier: Type.String(),
    weights_date: Nullable(DateTime),
    resolution_warning: Nullable(Type.String()),
    weights: Type.Array(
      Type.Object(
        {
          time_index: DateTime,
          portfolio_identifier: Type.String(),
          asset_identifier: Type.String(),
          weight: Dec,
          weight_before: Dec,
          price_current: Dec,
          price_before: Dec,
          volume_current: Dec,
          volume_before: Dec,
          asset: Nullable(
            Type.Object(
              {
                uid: Nullable(Type.String()),
                unique_identifier: Type.String(),
                current_snapshot: HoldingAsset.properties.current_snapshot,
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'PortfolioWeightsSnapshotResponse' },
)

export const DeleteWeightsQuery = Type.Object(
  { weights_date: Type.Optional(DateTime) },
  { additionalProperties: false },
)
export const PortfolioWeightsDeleteResponse = Type.Object(
  {
    detail: Type.String(),
    portfolio_uid: Uid,
    portfolio_identifier: Type.String(),
    weights_date: Nullable(DateTime),
    deleted_count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'PortfolioWeightsDeleteResponse' },
)
export type PortfolioWeightsDeleteResponse = Static<typeof PortfolioWeightsDeleteResponse>
export const PortfolioDeleteResponse = Type.Object(
  {
    detail: Type.String(),
    deleted_count: Type.Integer({ minimum: 0 }),
    deleted_weights_count: Type.Integer({ minimum: 0 }),
    deleted_values_count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'PortfolioDeleteResponse' },
)
export type PortfolioDeleteResponse = Static<typeof PortfolioDeleteResponse>
