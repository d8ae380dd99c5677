/**
 * Asset categories (reference/routes.md §3): list, discovery lives with the bulk actions (src/bulk), detail,
 * create, update and delete. Membership changes replace the whole set in the same transaction as the row.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import type { TransactionSql } from '../db/client.ts'
import { deleteAssetCategories } from '../bulk/deletions/asset-categories.ts'
import { conflictOnDuplicate, notFound, unprocessable } from '../http/errors.ts'
import { pagedCollection } from '../http/pagination.ts'
import * as repo from './repository.ts'
import {
  AssetCategory,
  AssetCategoryCollection,
  AssetCategoryDetailResponse,
  CategoryListQuery,
  CreateAssetCategoryRequest,
  PatchAssetCategoryRequest,
} from './schemas.ts'

const TAG = 'asset categories'
const BASE = '/api/v1/asset-category'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }
const missing = (uid: string) => notFound(`Asset category '${uid}' was not found.`)

/** "Crypto Core" → "crypto_core"; the peer's fallback when nothing survives. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return (slug || 'asset_category').slice(0, 255)
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()

async function setMembers(tx: TransactionSql, categoryUid: string, assets: string[] | null): Promise<void> {
  const unique = [...new Set((assets ?? []).map((a) => a.toLowerCase()))]
  const unknown = await repo.missingAssets(tx, unique)
  if (unknown.length)
    throw unprocessable(`body.assets: asset(s) ${unknown.map((u) => `'${u}'`).join(', ')} do not exist.`)
  await repo.replaceMembers(tx, categoryUid, unique)
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'listAssetCategories',
        summary: 'List asset categories',
        tags: [TAG],
        querystring: CategoryListQuery,
        response: { 200: AssetCategoryCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listCategories(app.sql, q))
    },
  )

  app.get(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'getAssetCategoryDetail',
        summary: 'Asset category detail',
        tags: [TAG],
        params: UidParams,
        response: { 200: AssetCategoryDetailResponse, ...ERRORS },
      },
    },
    async (request) => {
      const c = await repo.findCategory(app.sql, request.params.uid)
      if (!c) throw missing(request.params.uid)
      const count = await repo.countMembers(app.sql, c.uid)
      const url = `${BASE}/${c.uid}/`
      return {
        uid: c.uid,
        title: c.display_name || c.unique_identifier || `Asset Category ${c.uid}`,
        selected_category: { text: c.display_name, sub_text: c.unique_identifier },
        details: [
          { name: 'display_name', label: 'Display name', value_type: 'text', value: c.display_name },
          { name: 'unique_identifier', label: 'Identifier', value_type: 'text', value: c.unique_identifier },
          { name: 'description', label: 'Description', value_type: 'text', value: c.description ?? '' },
          { name: 'number_of_assets', label: 'Assets', value_type: 'number', value: count },
        ],
        actions: { can_edit: true, can_delete: true, update_endpoint: url, delete_endpoint: url },
        // the peer advertises /api/v1/asset/query/, which exists nowhere: point at the list route that does
        assets_list: {
          list_endpoint: '/api/v1/asset/',
          query_endpoint: '/api/v1/asset/',
          default_filters: { categories__uid: c.uid },
        },
      }
    },
  )

  app.post(
    `${BASE}/`,
    {
      schema: {
        operationId: 'createAssetCategory',
        summary: 'Create an asset category',
        tags: [TAG],
        body: CreateAssetCategoryRequest,
        response: { 200: AssetCategory, ...ERRORS },
      },
    },
    async (request) => {
      const b = request.body
      const explicit = blankToNull(b.unique_identifier)
      return app.sql
        .begin(async (tx) => {
          const row = await repo.insertCategory(tx, {
            unique_identifier: explicit ?? (await repo.freeIdentifier(tx, slugify(b.display_name))),
            display_name: b.display_name.trim(),
            description: blankToNull(b.description) ?? null,
          })
          if (b.assets !== undefined) await setMembers(tx, row.uid, b.assets)
          return row
        })
        .catch(conflictOnDuplicate(() => `An asset category with unique_identifier '${explicit}' already exists.`))
    },
  )

  app.patch(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'updateAssetCategory',
        summary: 'Update an asset category',
        tags: [TAG],
        params: UidParams,
        body: PatchAssetCategoryRequest,
        response: { 200: AssetCategory, ...ERRORS },
      },
    },
    async (request) => {
      const b = request.body
      return app.sql.begin(async (tx) => {
        if (!(await repo.findCategory(tx, request.params.uid, true))) throw missing(request.params.uid)
        const patch: Record<string, unknown> = {}
        if (b.display_name !== undefined) patch.display_name = b.display_name.trim()
        if (b.description !== undefined) patch.description = blankToNull(b.description) ?? null
        const row = await repo.updateCategory(tx, request.params.uid, patch)
        if (b.assets !== undefined) await setMembers(tx, request.params.uid, b.assets)
        return row!
      })
    },
  )

  app.delete(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'deleteAssetCategory',
        summary: 'Delete an asset category',
        description: 'Returns null; memberships go with it, assets stay.',
        tags: [TAG],
        params: UidParams,
        response: { 200: Type.Null(), ...ERRORS },
      },
    },
    async (request) => {
      const { deleted_count } = await deleteAssetCategories(app.sql, [request.params.uid])
      if (deleted_count === 0) throw missing(request.params.uid)
      return null
    },
  )
}

export default routes
