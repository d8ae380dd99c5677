/** Wire shapes of the index registry (spec "Index routes"; reference/routes.md §5, §15). */
import { Type, type Static } from 'typebox'
import { JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'
import { deleteImpactOptionsQuery } from '../contracts/delete-impact.ts'

export const Index = Type.Object(
  {
    uid: Uid,
    unique_identifier: Type.String(),
    index_type: Type.String(),
    display_name: Type.String(),
    calculation_method: Type.Enum(['formula', 'custom']),
    value_format: Type.Enum(['decimal', 'percent']),
    value_suffix: Nullable(Type.String()),
    description: Nullable(Type.String()),
    metadata_json: Nullable(JsonObject),
  },
  { additionalProperties: false, title: 'Index' },
)
export type Index = Static<typeof Index>
export const IndexCollection = ResourceCollection(Index, 'ResourceCollection_Index_')

export const IndexListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 50, maxLimit: 500 }),
    search: Type.Optional(Type.String({ description: 'contains-match over uid, unique_identifier, display_name and description' })),
    index_type: Type.Optional(Type.String({ description: 'exact index type' })),
    has_formula: Type.Optional(Type.Boolean({ description: 'indexes computed by a formula (calculation_method formula)' })),
    has_canonical_values: Type.Optional(Type.Boolean({ description: 'indexes with published values (fixings)' })),
    cadence: Type.Optional(Type.String({ description: 'cadence of the published values (fixings are daily); implies has_canonical_values' })),
  },
  { additionalProperties: false },
)
export type IndexListQuery = Static<typeof IndexListQuery>

export const IndexDeleteImpactQuery = Type.Object(deleteImpactOptionsQuery, { additionalProperties: false })
