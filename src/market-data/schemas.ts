/** Wire shapes of pricing market-data sets and their concept bindings (spec "Pricing market data"; reference §11). */
import { Type, type Static } from 'typebox'
import { JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'

export const MarketDataSet = Type.Object(
  {
    uid: Uid,
    set_key: Type.String(),
    display_name: Type.String(),
    description: Nullable(Type.String()),
    status: Type.String({ description: '`ACTIVE` is the known value' }),
    metadata_json: Nullable(JsonObject),
    max_curve_age_days: Type.Optional(
      Nullable(
        Type.Integer({
          description:
            'the oldest curve observation the set prices with, in calendar days before the valuation date (null: no ' +
            'bound)',
        }),
      ),
    ),
  },
  { additionalProperties: false, title: 'PricingMarketDataSet' },
)
export type MarketDataSet = Static<typeof MarketDataSet>
export const MarketDataSetCollection = ResourceCollection(MarketDataSet, 'ResourceCollection_PricingMarketDataSet_')

const MAX_CURVE_AGE =
  'a curve observation older than this many calendar days before the valuation date is refused (409) instead of ' +
  'priced on (default 7; null: no bound)'
const setFields = {
  display_name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String())),
  status: Type.Optional(Type.String({ minLength: 1, maxLength: 32, default: 'ACTIVE' })),
  metadata_json: Type.Optional(Nullable(JsonObject)),
  max_curve_age_days: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        maximum: 36_500,
        default: 7,
        description: MAX_CURVE_AGE,
      }),
    ),
  ),
}
export const MarketDataSetCreate = Type.Object(
  { set_key: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }), ...setFields },
  { additionalProperties: false, title: 'PricingMarketDataSetCreate' },
)
export type MarketDataSetCreate = Static<typeof MarketDataSetCreate>
export const MarketDataSetUpdate = Type.Object(
  {
    display_name: Type.Optional(setFields.display_name),
    description: setFields.description,
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    metadata_json: setFields.metadata_json,
    max_curve_age_days: Type.Optional(
      Nullable(Type.Integer({ minimum: 0, maximum: 36_500, description: MAX_CURVE_AGE })),
    ),
  },
  {
    additionalProperties: false,
    title: 'PricingMarketDataSetUpdate',
    description: 'set_key is immutable; only the keys sent are changed',
  },
)
export type MarketDataSetUpdate = Static<typeof MarketDataSetUpdate>

export const SetListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 25, maxLimit: 500 }),
    status: Type.Optional(Type.String()),
    set_key: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)

export const MarketDataBinding = Type.Object(
  {
    uid: Uid,
    market_data_set_uid: Uid,
    concept_key: Type.String({ description: '`discount_curves` and `fixing_rates` are the known values' }),
    data_node_uid: Uid,
    storage_table_identifier: Nullable(Type.String()),
    source: Nullable(Type.String()),
    metadata_json: Nullable(JsonObject),
  },
  { additionalProperties: false, title: 'PricingMarketDataSetBinding' },
)
export type MarketDataBinding = Static<typeof MarketDataBinding>
export const MarketDataBindingCollection = ResourceCollection(
  MarketDataBinding,
  'ResourceCollection_PricingMarketDataSetBinding_',
)

const bindingFields = {
  data_node_uid: Uid,
  storage_table_identifier: Type.Optional(
    Nullable(Type.String({ maxLength: 255, description: "defaults to the data node's storage" })),
  ),
  source: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  metadata_json: Type.Optional(Nullable(JsonObject)),
}
export const MarketDataBindingCreate = Type.Object(
  {
    market_data_set_uid: Uid,
    concept_key: Type.String({ minLength: 1, maxLength: 128, pattern: '\\S' }),
    ...bindingFields,
  },
  { additionalProperties: false, title: 'PricingMarketDataSetBindingCreate' },
)
export type MarketDataBindingCreate = Static<typeof MarketDataBindingCreate>
export const MarketDataBindingUpdate = Type.Object(
  {
    data_node_uid: Type.Optional(Uid),
    storage_table_identifier: bindingFields.storage_table_identifier,
    source: bindingFields.source,
    metadata_json: bindingFields.metadata_json,
  },
  {
    additionalProperties: false,
    title: 'PricingMarketDataSetBindingUpdate',
    description: 'only the keys sent are changed',
  },
)
export type MarketDataBindingUpdate = Static<typeof MarketDataBindingUpdate>

const bindingFilters = { market_data_set_uid: Type.Optional(Uid), concept_key: Type.Optional(Type.String()) }
export const BindingListQuery = Type.Object(
  { ...paginationQuery({ defaultLimit: 25, maxLimit: 500 }), ...bindingFilters },
  { additionalProperties: false },
)
export const SetBindingListQuery = Type.Object(paginationQuery({ defaultLimit: 25, maxLimit: 500 }), {
  additionalProperties: false,
})
export const SetBindingsParams = Type.Object({ market_data_set_uid: Uid }, { additionalProperties: false })
export const SetKeyParams = Type.Object({ set_key: Type.String({ maxLength: 64 }) }, { additionalProperties: false })

export const ResolveQuery = Type.Object(
  {
    concept_key: Type.String({ minLength: 1, maxLength: 128 }),
    market_data_set: Type.Optional(
      Type.String({ maxLength: 255, description: 'set uid or set_key; `default` when omitted' }),
    ),
  },
  { additionalProperties: false },
)
export const ResolveResponse = Type.Object(
  { market_data_set: Nullable(Type.String()), concept_key: Type.String(), data_node_uid: Uid },
  { additionalProperties: false, title: 'PricingMarketDataBindingResolveResponse' },
)

export const DeleteResult = Type.Object(
  { detail: Type.String(), uid: Uid, deleted_count: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false, title: 'PricingMarketDataDeleteResponse' },
)
export type DeleteResult = Static<typeof DeleteResult>

export const MarketDataCard = Type.Object(
  {
    resource: Type.String(),
    description: Type.String(),
    resources: Type.Array(
      Type.Object(
        {
          key: Type.String(),
          model: Type.String(),
          list_url: Type.String(),
          create_url: Type.String(),
          upsert_url: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'PricingMarketDataCardResponse' },
)
