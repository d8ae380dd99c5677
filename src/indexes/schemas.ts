/** Wire shapes of the index registry (spec "Index routes"; reference/routes.md §5, §15). */
import { Type, type Static } from 'typebox'
import { JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'
import { deleteImpactOptionsQuery } from '../contracts/delete-impact.ts'
import { IndexConvention } from '../contracts/index-conventions.ts'

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
    search: Type.Optional(
      Type.String({ description: 'contains-match over uid, unique_identifier, display_name and description' }),
    ),
    index_type: Type.Optional(Type.String({ description: 'exact index type' })),
    has_formula: Type.Optional(
      Type.Boolean({ description: 'indexes computed by a formula (calculation_method formula)' }),
    ),
    has_canonical_values: Type.Optional(Type.Boolean({ description: 'indexes with published values (fixings)' })),
    cadence: Type.Optional(
      Type.String({ description: 'cadence of the published values (fixings are daily); implies has_canonical_values' }),
    ),
  },
  { additionalProperties: false },
)
export type IndexListQuery = Static<typeof IndexListQuery>

export const IndexDeleteImpactQuery = Type.Object(deleteImpactOptionsQuery, { additionalProperties: false })
export type IndexDeleteImpactQuery = Static<typeof IndexDeleteImpactQuery>

const Name = (maxLength: number) => Type.String({ minLength: 1, maxLength })

export const IndexConventionDetails = Type.Object(
  {
    index_uid: Uid,
    index_family: Type.String(),
    convention_dump: IndexConvention,
    serialization_format: Type.String(),
    source: Nullable(Type.String()),
    metadata_json: Nullable(JsonObject),
  },
  { additionalProperties: false, title: 'IndexConventionDetails' },
)
export type IndexConventionDetails = Static<typeof IndexConventionDetails>

export const IndexConventionInput = Type.Object(
  {
    index_family: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'family of the index, e.g. Euribor, TermSOFR',
    }),
    convention_dump: IndexConvention,
    source: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    metadata_json: Type.Optional(Nullable(JsonObject)),
  },
  {
    additionalProperties: false,
    title: 'IndexConventionInput',
    description:
      'the conventions pricing uses for floating coupons on this index; the codes are checked as pricing reads them',
  },
)
export type IndexConventionInput = Static<typeof IndexConventionInput>

/** What a client may set on an index; unique_identifier only at creation (fixings are stored under it). */
const Editable = Type.Object({
  index_type: Type.String({ minLength: 1, maxLength: 64, description: 'e.g. interest_rate, benchmark' }),
  display_name: Name(255),
  calculation_method: Type.Enum(['formula', 'custom'], { description: 'default custom' }),
  value_format: Type.Enum(['decimal', 'percent'], { description: 'default decimal' }),
  value_suffix: Nullable(Type.String({ maxLength: 32 })),
  description: Nullable(Type.String()),
  metadata_json: Nullable(JsonObject),
  convention: Nullable(IndexConventionInput),
})
const Optional = Type.Partial(Type.Omit(Editable, ['index_type', 'display_name']))

export const CreateIndexRequest = Type.Object(
  {
    uid: Type.Optional(Uid),
    unique_identifier: Name(255),
    index_type: Editable.properties.index_type,
    display_name: Editable.properties.display_name,
    ...Optional.properties,
  },
  { additionalProperties: false, title: 'CreateIndexRequest' },
)
export type CreateIndexRequest = Static<typeof CreateIndexRequest>

export const UpdateIndexRequest = Type.Partial(Editable, {
  additionalProperties: false,
  title: 'UpdateIndexRequest',
  description:
    'only the keys sent are applied; unique_identifier is immutable (fixings are stored under it); convention ' +
    'replaces the conventions, null removes them',
})
export type UpdateIndexRequest = Static<typeof UpdateIndexRequest>

export const IndexWithConvention = Type.Object(
  { ...Index.properties, convention: Nullable(IndexConventionDetails) },
  { additionalProperties: false, title: 'IndexWithConvention' },
)
