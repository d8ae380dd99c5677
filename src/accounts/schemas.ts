/** Wire shapes of accounts, their holdings, holdings by fund and target positions (reference/routes.md §4). */
import { Type, type Static } from 'typebox'
import { DateTime, JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'
import { HoldingAsset, SnapshotNames, snapshotQuery } from '../holdings/snapshot.ts'

export const Account = Type.Object(
  {
    uid: Uid,
    unique_identifier: Type.String(),
    account_name: Type.String(),
    is_paper: Type.Boolean(),
    account_is_active: Type.Boolean(),
    account_group_uid: Nullable(Uid),
    holdings_data_node_uid: Nullable(Uid),
    metadata_json: Nullable(JsonObject),
  },
  { additionalProperties: false, title: 'Account' },
)
export type Account = Static<typeof Account>
export const AccountCollection = ResourceCollection(Account, 'ResourceCollection_Account_')
export const AccountListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 25, maxLimit: 500 }),
    search: Type.Optional(Type.String({ description: 'substring of uid, account_name or unique_identifier' })),
  },
  { additionalProperties: false },
)

export const TargetSearchQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 25, maxLimit: 500 }),
    search: Type.Optional(Type.String()),
    target_type: Type.Enum(['all', 'asset', 'portfolio'], { default: 'all' }),
  },
  { additionalProperties: false },
)
export const TargetCandidate = Type.Object(
  {
    target_type: Type.Enum(['asset', 'portfolio']),
    target_uid: Uid,
    asset_uid: Nullable(Uid),
    portfolio_uid: Nullable(Uid),
    identifier: Type.String(),
    display_label: Type.String(),
    secondary_label: Nullable(Type.String()),
    current_snapshot: Nullable(SnapshotNames),
    metadata: JsonObject,
  },
  { additionalProperties: false, title: 'AccountTargetAllocationCandidate' },
)
export type TargetCandidate = Static<typeof TargetCandidate>
export const TargetCandidateCollection = ResourceCollection(
  TargetCandidate,
  'ResourceCollection_AccountTargetAllocationCandidate_',
)

export const AccountParams = Type.Object({ account_uid: Uid }, { additionalProperties: false })
export const HoldingsQuery = snapshotQuery('holdings_date')
export const TargetPositionsQuery = snapshotQuery('target_positions_date')

const holdingBase = {
  time_index: DateTime,
  asset_identifier: Type.String(),
  asset: Nullable(HoldingAsset),
  quantity: Nullable(Type.String({ description: 'exact decimal' })),
  direction: Type.Integer(),
  signed_quantity: Nullable(Type.String({ description: 'quantity × direction, exact decimal' })),
  target_trade_time: Nullable(DateTime),
  extra_details: JsonObject,
}
export const AccountHolding = Type.Object(
  { ...holdingBase, position_type: Type.Literal('units'), price: Type.Null(), missing_price: Type.Boolean() },
  { additionalProperties: false },
)
export const AccountHoldingsSnapshotResponse = Type.Object(
  { holdings_set_uid: Nullable(Uid), holdings_date: Nullable(DateTime), holdings: Type.Array(AccountHolding) },
  { additionalProperties: false, title: 'AccountHoldingsSnapshotResponse' },
)

export const AccountHoldingsByFundResponse = Type.Object(
  {
    account_uid: Uid,
    source_account_holdings_set_uid: Nullable(Uid),
    holdings_date: Nullable(DateTime),
    funds: Type.Array(
      Type.Object(
        {
          virtual_fund_uid: Uid,
          virtual_fund_unique_identifier: Nullable(Type.String()),
          target_portfolio_uid: Nullable(Uid),
          holdings_set_uid: Nullable(Uid),
          holdings: Type.Array(
            Type.Object(
              {
                ...holdingBase,
                allocation_strategy: Nullable(Type.String()),
                allocation: Type.Object(
                  {
                    target_gap_signed_quantity: Type.Unknown(),
                    scale: Type.Unknown(),
                    target_row_key: Type.Unknown(),
                    position_set_uid: Type.Unknown(),
                  },
                  { additionalProperties: false },
                ),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    residuals: Type.Array(
      Type.Object(
        {
          asset_identifier: Type.String(),
          source_signed_quantity: Type.String(),
          allocated_signed_quantity: Type.String(),
          residual_signed_quantity: Type.String(),
          asset: Nullable(HoldingAsset),
        },
        { additionalProperties: false },
      ),
    ),
    allocation_warnings: Type.Array(Type.String()),
  },
  { additionalProperties: false, title: 'AccountHoldingsByFundResponse' },
)

export const AccountTargetPositionsSnapshotResponse = Type.Object(
  {
    related_account_uid: Uid,
    target_positions_date: Nullable(DateTime),
    position_set_uid: Nullable(Uid),
    positions: Type.Array(
      Type.Object(
        {
          target_type: Type.Enum(['asset', 'portfolio']),
          target_uid: Uid,
          asset_uid: Nullable(Uid),
          portfolio_uid: Nullable(Uid),
          unique_identifier: Type.String(),
          weight_notional_exposure: Nullable(Type.String()),
          constant_notional_exposure: Nullable(Type.String()),
          single_asset_quantity: Nullable(Type.String()),
          asset: Nullable(
            Type.Object(
              {
                uid: Nullable(Type.String()),
                unique_identifier: Nullable(Type.String()),
                current_snapshot: SnapshotNames,
              },
              { additionalProperties: false },
            ),
          ),
          portfolio: Nullable(
            Type.Object(
              { uid: Uid, unique_identifier: Type.String(), published_index_uid: Nullable(Uid) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'AccountTargetPositionsSnapshotResponse' },
)

export const AddHoldingsRequest = Type.Object(
  {
    holdings_date: DateTime,
    overwrite: Type.Boolean({ default: false }),
    positions: Type.Array(
      Type.Object(
        {
          asset_identifier: Type.String({ minLength: 1 }),
          asset_uid: Type.Optional(Nullable(Uid)),
          position_type: Type.Optional(Type.Literal('units')),
          quantity: Type.String({ minLength: 1, description: 'a positive decimal' }),
          direction: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(-1)])),
          target_trade_time: Type.Optional(Nullable(DateTime)),
          extra_details: Type.Optional(JsonObject),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false, title: 'AccountAddHoldingsRequest' },
)
export type AddHoldingsRequest = Static<typeof AddHoldingsRequest>

const Exposure = Type.Optional(
  Nullable(Type.Union([Type.String({ pattern: '^-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?$' }), Type.Number()])),
)
const positionFields = {
  target_uid: Type.String({ minLength: 1 }),
  weight_notional_exposure: Exposure,
  constant_notional_exposure: Exposure,
  metadata_json: Type.Optional(JsonObject),
}
export const AddTargetPositionsRequest = Type.Object(
  {
    target_positions_date: DateTime,
    overwrite: Type.Boolean(),
    positions: Type.Array(
      Type.Union([
        Type.Object(
          {
            target_type: Type.Literal('asset'),
            asset_uid: Type.String({ minLength: 1 }),
            portfolio_uid: Type.Optional(Type.Null()),
            single_asset_quantity: Exposure,
            ...positionFields,
          },
          { additionalProperties: false },
        ),
        Type.Object(
          {
            target_type: Type.Literal('portfolio'),
            portfolio_uid: Type.String({ minLength: 1 }),
            asset_uid: Type.Optional(Type.Null()),
            ...positionFields,
          },
          { additionalProperties: false },
        ),
      ]),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false, title: 'AccountAddTargetPositionsRequest' },
)
export type AddTargetPositionsRequest = Static<typeof AddTargetPositionsRequest>
