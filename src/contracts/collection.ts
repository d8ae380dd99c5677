/**
 * `workspace.resource_collection@v1`: `{items, pageInfo}`. The request's limit and offset map to pageSize and
 * pageIndex (offset must be a multiple of limit, as the peer implementation requires); totalItems is exact.
 */
import { Type, type TSchema, type Static } from 'typebox'

export const COLLECTION_CONTRACT = 'workspace.resource_collection@v1'

export const PageInfo = Type.Object(
  {
    pageIndex: Type.Integer({ minimum: 0 }),
    pageSize: Type.Integer({ minimum: 1 }),
    totalItems: Type.Integer({ minimum: 0 }),
    hasNextPage: Type.Boolean(),
    hasPreviousPage: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type PageInfo = Static<typeof PageInfo>

export const ResourceCollection = <T extends TSchema>(item: T, title: string) =>
  Type.Object(
    { items: Type.Array(item), pageInfo: PageInfo },
    { additionalProperties: false, title, 'x-ui-contract': COLLECTION_CONTRACT },
  )

export interface PageLimits {
  /** default page size of this list */
  defaultLimit: number
  /** maximum page size of this list */
  maxLimit: number
}

/** Query-string fields limit/offset with a group's default and maximum (spread into a route's querystring). */
export const paginationQuery = ({ defaultLimit, maxLimit }: PageLimits) => ({
  limit: Type.Integer({
    minimum: 1,
    maximum: maxLimit,
    default: defaultLimit,
    description: `page size (1..${maxLimit})`,
  }),
  offset: Type.Integer({ minimum: 0, default: 0, description: 'rows to skip; a multiple of limit' }),
})

export function pageInfo(limit: number, offset: number, returned: number, totalItems: number): PageInfo {
  return {
    pageIndex: Math.floor(offset / limit),
    pageSize: limit,
    totalItems,
    hasNextPage: offset + returned < totalItems,
    hasPreviousPage: offset > 0,
  }
}
