/** Wire shapes of portfolio groups and their memberships (reference/routes.md §7, §16). */
import { Type, type Static } from 'typebox'
import { JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'

export const PortfolioGroup = Type.Object(
  {
    uid: Uid,
    unique_identifier: Type.String(),
    display_name: Type.String(),
    description: Nullable(Type.String()),
    metadata_json: Nullable(JsonObject),
  },
  { additionalProperties: false, title: 'PortfolioGroup' },
)
export type PortfolioGroup = Static<typeof PortfolioGroup>
export const PortfolioGroupCollection = ResourceCollection(PortfolioGroup, 'ResourceCollection_PortfolioGroup_')

export const PortfolioGroupListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 50, maxLimit: 500 }),
    search: Type.Optional(
      Type.String({ description: 'case-insensitive substring of uid, unique_identifier or display_name' }),
    ),
    unique_identifier: Type.Optional(Type.String({ description: 'exact identifier' })),
    display_name: Type.Optional(Type.String({ description: 'exact display name' })),
  },
  { additionalProperties: false },
)
export type PortfolioGroupListQuery = Static<typeof PortfolioGroupListQuery>

const Name = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' })
const PortfolioUids = Type.Array(Uid, { description: 'replaces the membership set (duplicates ignored)' })

export const CreatePortfolioGroupRequest = Type.Object(
  {
    unique_identifier: Name,
    display_name: Name,
    description: Type.Optional(Nullable(Type.String())),
    metadata_json: Type.Optional(Nullable(JsonObject)),
    portfolio_uids: Type.Optional(PortfolioUids),
  },
  { additionalProperties: false, title: 'CreatePortfolioGroupRequest' },
)
export type CreatePortfolioGroupRequest = Static<typeof CreatePortfolioGroupRequest>

export const UpdatePortfolioGroupRequest = Type.Object(
  {
    display_name: Type.Optional(Name),
    description: Type.Optional(Nullable(Type.String())),
    metadata_json: Type.Optional(Nullable(JsonObject)),
    portfolio_uids: Type.Optional(PortfolioUids),
  },
  {
    additionalProperties: false,
    title: 'UpdatePortfolioGroupRequest',
    description: 'only the keys sent are applied; unique_identifier is immutable',
  },
)
export type UpdatePortfolioGroupRequest = Static<typeof UpdatePortfolioGroupRequest>

export const PortfolioGroupMembership = Type.Object(
  { uid: Uid, portfolio_group_uid: Uid, portfolio_uid: Uid },
  { additionalProperties: false, title: 'PortfolioGroupMembership' },
)
export const AddPortfolioToGroupRequest = Type.Object(
  { portfolio_uid: Uid },
  { additionalProperties: false, title: 'AddPortfolioToGroupRequest' },
)

export const MembershipParams = Type.Object({ uid: Uid, portfolio_uid: Uid }, { additionalProperties: false })
export const MembersQuery = Type.Object(paginationQuery({ defaultLimit: 50, maxLimit: 500 }), {
  additionalProperties: false,
})
