/**
 * Index registry with the shared delete-impact pattern: `GET …/delete-impact/` is a read-only snapshot and
 * `DELETE` the only destructive route, refused with 409 while anything blocks.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { DeleteImpactResponse } from '../contracts/delete-impact.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { pagedCollection } from '../http/pagination.ts'
import * as repo from './repository.ts'
import * as service from './service.ts'
import {
  CreateIndexRequest,
  Index,
  IndexCollection,
  IndexConventionDetails,
  IndexDeleteImpactQuery,
  IndexListQuery,
  IndexWithConvention,
  UpdateIndexRequest,
} from './schemas.ts'

const TAG = 'indexes'
const BASE = '/api/v1/index'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'listIndexes',
        summary: 'List indexes',
        tags: [TAG],
        querystring: IndexListQuery,
        response: { 200: IndexCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listIndexes(app.sql, q))
    },
  )

  discoveryRoute(app, `${BASE}/discovery/`, 'discoverIndexes', TAG, {
    id: 'indexes',
    label: 'Indexes',
    itemLabel: 'indexes',
    search: { placeholder: 'Search indexes', paths: ['display_name', 'unique_identifier', 'description', 'uid'] },
    filters: [
      { key: 'index_type', label: 'Index type', type: 'text' },
      { key: 'has_formula', label: 'Has formula', type: 'boolean' },
      { key: 'has_canonical_values', label: 'Has values', type: 'boolean' },
      { key: 'cadence', label: 'Cadence', type: 'text' },
    ],
    columns: [
      { path: 'display_name', header: 'Name', importance: 'primary' },
      { path: 'unique_identifier', header: 'Identifier' },
      { path: 'index_type', header: 'Type', filterKey: 'index_type' },
      { path: 'calculation_method', header: 'Calculation' },
      { path: 'uid', header: 'UID' },
    ],
  })

  app.get(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'getIndex',
        summary: 'Get an index',
        tags: [TAG],
        params: UidParams,
        response: { 200: Index, ...ERRORS },
      },
    },
    async (request) => {
      return service.loadIndex(app.sql, request.params.uid)
    },
  )

  app.post(
    `${BASE}/`,
    {
      schema: {
        operationId: 'createIndex',
        summary: 'Create an index, with its conventions',
        description:
          'Answers 201 with the index and its conventions. Conventions are checked as pricing reads them (tenor, ' +
          'calendar, day count, business-day convention): a code pricing would refuse is a 422.',
        tags: [TAG],
        body: CreateIndexRequest,
        response: { 201: IndexWithConvention, ...ERRORS },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await service.createIndex(app.sql, request.body))
    },
  )

  app.patch(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'updateIndex',
        summary: 'Update an index and its conventions',
        description:
          'Only the keys sent are applied. `convention` replaces the conventions (checked as pricing reads them); ' +
          'null removes them.',
        tags: [TAG],
        params: UidParams,
        body: UpdateIndexRequest,
        response: { 200: IndexWithConvention, ...ERRORS },
      },
    },
    async (request) => {
      return service.updateIndex(app.sql, request.params.uid, request.body)
    },
  )

  app.get(
    `${BASE}/:uid/convention/`,
    {
      schema: {
        operationId: 'getIndexConvention',
        summary: 'Conventions of an index',
        description: '404 when the index has none.',
        tags: [TAG],
        params: UidParams,
        response: { 200: IndexConventionDetails, ...ERRORS },
      },
    },
    async (request) => {
      return service.loadConvention(app.sql, request.params.uid)
    },
  )

  app.get(
    `${BASE}/:uid/delete-impact/`,
    {
      schema: {
        operationId: 'getIndexDeleteImpact',
        summary: 'What deleting an index would do (read-only)',
        tags: [TAG],
        params: UidParams,
        querystring: IndexDeleteImpactQuery,
        response: { 200: DeleteImpactResponse, ...ERRORS },
      },
    },
    async (request) => {
      return service.deleteImpact(app.sql, request.params.uid, request.query)
    },
  )

  app.delete(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'deleteIndex',
        summary: 'Delete an index',
        description:
          'Refused with 409 while fixings, futures or curve selections depend on it; otherwise portfolios lose their ' +
          'published index and conventions are deleted, in one transaction. Returns null.',
        tags: [TAG],
        params: UidParams,
        response: { 200: Type.Null(), ...ERRORS },
      },
    },
    async (request) => {
      await service.deleteIndex(app.sql, request.params.uid)
      return null
    },
  )
}

export default routes
