/** Wire shapes of the pricing-curve registry (spec "Pricing curves"; reference/routes.md §11b). */
import { Type, type Static } from 'typebox'
import { DateTime, JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'
import { deleteImpactOptionsQuery } from '../contracts/delete-impact.ts'

export const Curve = Type.Object(
  {
    uid: Uid,
    unique_identifier: Type.String(),
    display_name: Type.String(),
    curve_type: Type.String(),
    currency_code: Nullable(Type.String()),
    quote_side: Nullable(Type.String()),
    interpolation_method: Nullable(Type.String()),
    compounding: Nullable(Type.String()),
    source: Nullable(Type.String()),
    status: Type.String(),
    metadata_json: Nullable(JsonObject),
  },
  { additionalProperties: false, title: 'Curve' },
)
export type Curve = Static<typeof Curve>
export const CurveCollection = ResourceCollection(Curve, 'ResourceCollection_Curve_')

export const CurveListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 25, maxLimit: 500 }),
    search: Type.Optional(Type.String({ description: 'case-insensitive contains-match on unique_identifier' })),
    curve_type: Type.Optional(Type.String({ description: 'exact curve type' })),
    source: Type.Optional(Type.String({ description: 'exact source' })),
  },
  { additionalProperties: false },
)

const SetRef = Type.Object(
  { uid: Uid, set_key: Nullable(Type.String()), display_name: Nullable(Type.String()) },
  { additionalProperties: false },
)

export const CurveSelection = Type.Object(
  {
    binding_uid: Uid,
    market_data_set: SetRef,
    role_key: Type.String(),
    quote_side: Nullable(Type.String()),
    selector: Type.Object(
      {
        type: Type.String(),
        selector_key: Nullable(Type.String()),
        index_uid: Type.Optional(Nullable(Type.String())),
        index_identifier: Type.Optional(Nullable(Type.String())),
        display_name: Type.Optional(Nullable(Type.String())),
      },
      { additionalProperties: false },
    ),
    status: Type.String(),
    source: Nullable(Type.String()),
  },
  { additionalProperties: false, title: 'CurveSelection' },
)
export type CurveSelection = Static<typeof CurveSelection>

export const CurveSelectionsQuery = Type.Object(paginationQuery({ defaultLimit: 50, maxLimit: 500 }), {
  additionalProperties: false,
})

export const CurveSelectionsResponse = Type.Object(
  {
    curve: Type.Object(
      { uid: Uid, unique_identifier: Type.String(), display_name: Type.String(), curve_type: Type.String() },
      { additionalProperties: false },
    ),
    count: Type.Integer({ minimum: 0, description: 'every selection of the curve (not only this page)' }),
    results: Type.Array(CurveSelection),
  },
  { additionalProperties: false, title: 'CurveSelectionsResponse' },
)

const deleteFlags = {
  delete_values: Type.Boolean({ default: false, description: "also delete this curve's discount-curve observations" }),
  delete_curve_selections: Type.Boolean({
    default: false,
    description: 'also delete the market-data-set curve selections of this curve',
  }),
}
export const CurveDeleteQuery = Type.Object(deleteFlags, { additionalProperties: false })
export type CurveDeleteFlags = Static<typeof CurveDeleteQuery>
export const CurveDeleteImpactQuery = Type.Object(
  { ...deleteFlags, ...deleteImpactOptionsQuery },
  { additionalProperties: false },
)

export const StorageCleanup = Type.Object(
  {
    data_node_uid: Uid,
    storage_table_identifier: Type.String(),
    deleted_count: Type.Integer({ minimum: 0 }),
    table_empty: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type StorageCleanup = Static<typeof StorageCleanup>

export const CurveDeleteResponse = Type.Object(
  {
    detail: Type.String(),
    uid: Uid,
    curve_identifier: Type.String(),
    deleted_count: Type.Integer({ minimum: 0 }),
    deleted_values_count: Type.Integer({ minimum: 0 }),
    deleted_curve_selections_count: Type.Integer({ minimum: 0 }),
    deleted_curve_building_details_count: Type.Integer({ minimum: 0 }),
    delete_values: Type.Boolean(),
    delete_curve_selections: Type.Boolean(),
    storage_cleanups: Type.Array(StorageCleanup),
  },
  { additionalProperties: false, title: 'CurveDeleteResponse' },
)
export type CurveDeleteResponse = Static<typeof CurveDeleteResponse>

export const DiscountCurveQuery = Type.Object(
  {
    market_data_set: Type.String({ minLength: 1, description: 'market-data set uid or set_key' }),
    valuation_date: Type.Optional(DateTime),
  },
  { additionalProperties: false },
)

export const DiscountCurveResponse = Type.Object(
  {
    curve_uid: Uid,
    curve_identifier: Type.String(),
    curve: Curve,
    market_data_set: Type.Object(
      { uid: Uid, set_key: Type.String(), display_name: Type.String() },
      { additionalProperties: false },
    ),
    binding: Type.Object(
      { uid: Uid, concept_key: Type.String(), data_node_uid: Uid, storage_table_identifier: Nullable(Type.String()) },
      { additionalProperties: false },
    ),
    valuation_date: Nullable(DateTime),
    effective_date: DateTime,
    request_mode: Type.Enum(['historical', 'latest']),
    nodes: Type.Array(
      Type.Object({ days_to_maturity: Type.Integer(), zero: Type.Number() }, { additionalProperties: false }),
    ),
    key_nodes: Nullable(Type.Union([JsonObject, Type.Array(Type.Unknown())])),
    metadata_json: Nullable(JsonObject),
  },
  { additionalProperties: false, title: 'DiscountCurveResponse' },
)
