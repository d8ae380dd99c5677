/** Wire shapes of asset categories (reference/routes.md §3). */
import { Type, type Static } from 'typebox'
import { JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'

export const AssetCategory = Type.Object(
  {
    uid: Uid,
    unique_identifier: Type.String(),
    display_name: Type.String(),
    description: Nullable(Type.String()),
    metadata_json: Nullable(JsonObject),
  },
  { additionalProperties: false, title: 'AssetCategory' },
)
export type AssetCategory = Static<typeof AssetCategory>
export const AssetCategoryCollection = ResourceCollection(AssetCategory, 'ResourceCollection_AssetCategory_')

export const CategoryListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 50, maxLimit: 500 }),
    search: Type.Optional(
      Type.String({ description: 'case-insensitive substring of uid, identifier, name or description' }),
    ),
  },
  { additionalProperties: false },
)

const NonBlank = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', description: 'trimmed; must not be blank' })
const Assets = Type.Array(Uid, { description: 'replaces the membership set (duplicates ignored)' })

export const CreateAssetCategoryRequest = Type.Object(
  {
    display_name: NonBlank(255),
    description: Type.Optional(Nullable(Type.String({ description: 'trimmed; blank becomes null' }))),
    unique_identifier: Type.Optional(
      Nullable(Type.String({ maxLength: 255, description: 'trimmed; a slug of display_name when omitted or blank' })),
    ),
    assets: Type.Optional(Nullable(Assets)),
  },
  { additionalProperties: false, title: 'CreateAssetCategoryRequest' },
)
export type CreateAssetCategoryRequest = Static<typeof CreateAssetCategoryRequest>

export const PatchAssetCategoryRequest = Type.Object(
  {
    display_name: Type.Optional(NonBlank(255)),
    description: Type.Optional(Nullable(Type.String())),
    assets: Type.Optional(Nullable(Assets)),
  },
  {
    additionalProperties: false,
    title: 'PatchAssetCategoryRequest',
    description: 'only the keys sent are applied; assets: null clears the memberships',
  },
)
export type PatchAssetCategoryRequest = Static<typeof PatchAssetCategoryRequest>

const Detail = Type.Object(
  {
    name: Type.String(),
    label: Type.String(),
    value_type: Type.String(),
    value: Type.Union([Type.String(), Type.Number()]),
  },
  { additionalProperties: false },
)
export const AssetCategoryDetailResponse = Type.Object(
  {
    uid: Uid,
    title: Type.String(),
    selected_category: Type.Object({ text: Type.String(), sub_text: Type.String() }, { additionalProperties: false }),
    details: Type.Array(Detail),
    actions: Type.Object(
      {
        can_edit: Type.Boolean(),
        can_delete: Type.Boolean(),
        update_endpoint: Type.String(),
        delete_endpoint: Type.String(),
      },
      { additionalProperties: false },
    ),
    assets_list: Type.Object(
      {
        list_endpoint: Type.String(),
        query_endpoint: Type.String(),
        default_filters: Type.Object({ categories__uid: Uid }, { additionalProperties: false }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'AssetCategoryDetailResponse' },
)
