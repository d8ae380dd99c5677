/** Wire shapes of virtual funds and their holdings (reference/routes.md §9). */
import { Type, type Static } from 'typebox'
import { DateTime, JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'
import { HoldingAsset, snapshotQuery } from '../holdings/snapshot.ts'

export const VirtualFund = Type.Object(
  { uid: Uid, unique_identifier: Type.String(), account_uid: Uid, target_portfolio_uid: Uid },
  { additionalProperties: false, title: 'VirtualFund' },
)
export type VirtualFund = Static<typeof VirtualFund>
export const VirtualFundCollection = ResourceCollection(VirtualFund, 'ResourceCollection_VirtualFund_')

export const VirtualFundListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 25, maxLimit: 500 }),
    search: Type.Optional(
      Type.String({ description: 'substring of uid, unique_identifier, account_uid or target_portfolio_uid' }),
    ),
    account_uid: Type.Optional(Uid),
    portfolio_uid: Type.Optional(Uid),
  },
  { additionalProperties: false },
)

export const VirtualFundDetailResponse = Type.Object(
  {
    virtual_fund: VirtualFund,
    tabs: Type.Array(
      Type.Object({ key: Type.String(), label: Type.String(), url: Type.String() }, { additionalProperties: false }),
    ),
    links: Type.Object(
      { summary: Type.String(), latest_holdings: Type.String(), account: Type.String(), portfolio: Type.String() },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'VirtualFundDetailResponse' },
)

export const VirtualFundHoldingsQuery = snapshotQuery('holdings_date')

export const VirtualFundHolding = Type.Object(
  {
    time_index: DateTime,
    asset_identifier: Type.String(),
    asset: Nullable(HoldingAsset),
    quantity: Type.String({ description: 'allocated quantity, exact decimal' }),
    direction: Type.Integer(),
    signed_quantity: Type.String(),
    target_trade_time: Nullable(DateTime),
    extra_details: JsonObject,
    virtual_fund_holdings_set_uid: Nullable(Uid),
    source_account_holdings_set_uid: Nullable(Uid),
    allocation_strategy: Nullable(Type.String()),
  },
  { additionalProperties: false },
)

export const VirtualFundHoldingsSnapshotResponse = Type.Object(
  {
    holdings_set_uid: Nullable(Uid),
    holdings_date: Nullable(DateTime),
    holdings: Type.Array(VirtualFundHolding),
    virtual_fund_uid: Uid,
    virtual_fund_unique_identifier: Type.String(),
    source_account_holdings_set_uid: Nullable(Uid),
  },
  { additionalProperties: false, title: 'VirtualFundHoldingsSnapshotResponse' },
)
