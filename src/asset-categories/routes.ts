/**
 * Asset categories (reference/routes.md §3): list, discovery lives with the bulk actions (src/bulk), detail,
 * create, update and delete. Membership changes replace the whole set in the same transaction as the row.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { pagedCollection } from '../http/pagination.ts'
import * as repo from './repository.ts'
import * as service from './service.ts'
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
      if (!c) throw service.missing(request.params.uid)
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
      return service.createCategory(app.sql, request.body)
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
      return service.updateCategory(app.sql, request.params.uid, request.body)
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
      await service.deleteCategory(app.sql, request.params.uid)
      return null
    },
  )
}

export default routes
