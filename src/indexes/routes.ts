/**
 * Index registry with the shared delete-impact pattern: `GET …/delete-impact/` is a read-only snapshot and
 * `DELETE` the only destructive route, refused with 409 while anything blocks.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { DeleteImpactResponse, buildDeleteImpact, type RelationshipFact } from '../contracts/delete-impact.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { conflict, conflictOnDuplicate, notFound, unprocessable } from '../http/errors.ts'
import { pagedCollection } from '../http/pagination.ts'
import type { TransactionSql } from '../db/client.ts'
import { jsonValue, sentFields } from '../db/values.ts'
import { indexConventionIssue } from '../../workers/entry.ts'
import * as repo from './repository.ts'
import {
  CreateIndexRequest,
  Index,
  IndexCollection,
  IndexConventionDetails,
  IndexConventionInput,
  IndexDeleteImpactQuery,
  IndexListQuery,
  IndexWithConvention,
  UpdateIndexRequest,
} from './schemas.ts'

const TAG = 'indexes'
const BASE = '/api/v1/index'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }
const missing = (uid: string) => notFound(`Index '${uid}' was not found.`)

type Samples = Record<keyof repo.IndexDependents, Record<string, unknown>[]>

/** The curated relationships of an index (spec "Delete-impact contract"), in a stable order. */
function indexFacts(c: repo.IndexDependents, samples?: Samples): RelationshipFact[] {
  const facts: (RelationshipFact & { sampleKey: keyof repo.IndexDependents })[] = [
    {
      sampleKey: 'future_assets',
      key: 'future_asset_details',
      label: 'Future assets on this index',
      model: 'future_asset_details',
      column: 'underlying_index_uid',
      relationship_type: 'direct',
      on_delete: 'RESTRICT',
      count: c.future_assets,
      treatment: 'block',
      description: 'Futures whose underlying is this index; delete or repoint them first.',
    },
    {
      sampleKey: 'fixings',
      key: 'index_fixings',
      label: 'Fixings of this index',
      model: 'index_fixings',
      column: 'index_identifier',
      relationship_type: 'direct',
      on_delete: 'RESTRICT',
      count: c.fixings,
      treatment: 'block',
      description: "Published fixings stored under the index's identifier; delete them first.",
    },
    {
      sampleKey: 'portfolios',
      key: 'portfolio_published_index',
      label: 'Portfolios publishing this index',
      model: 'portfolios',
      column: 'published_index_uid',
      relationship_type: 'direct',
      on_delete: 'SET NULL',
      count: c.portfolios,
      treatment: 'set_null',
      description: 'Portfolios keep existing; their published index becomes null.',
    },
    {
      sampleKey: 'conventions',
      key: 'index_convention_details',
      label: 'Index convention details',
      model: 'index_convention_details',
      column: 'index_uid',
      relationship_type: 'direct',
      on_delete: 'CASCADE',
      count: c.conventions,
      treatment: 'cascade',
      description: 'Tenor, fixing days, calendar and day count of the index; deleted with it.',
    },
    {
      sampleKey: 'curve_selections',
      key: 'pricing_curve_selections',
      label: 'Curve selections keyed by this index',
      model: 'pricing_curve_selections',
      column: 'selector_key',
      relationship_type: 'indirect',
      on_delete: 'APPLICATION',
      count: c.curve_selections,
      treatment: 'manual',
      description:
        "Market-data-set curve selections with selector type 'index' and this index's uid as key; remove or repoint them before the delete.",
    },
  ]
  return facts.map(({ sampleKey, ...fact }) => (samples ? { ...fact, samples: samples[sampleKey] } : fact))
}

/** Conventions are written only when pricing can build the floating index from them (the same code path). */
async function writeConvention(
  tx: TransactionSql,
  indexUid: string,
  convention: IndexConventionInput | null | undefined,
): Promise<void> {
  if (convention === undefined) return
  const issue = convention && indexConventionIssue(convention.convention_dump)
  if (issue) throw unprocessable(`body.convention.convention_dump.${issue.field}: ${issue.message}`)
  await repo.setConvention(tx, indexUid, convention)
}

async function withConvention(tx: TransactionSql, index: Index) {
  return { ...index, convention: await repo.findConvention(tx, index.uid) }
}

const EDITABLE = [
  'index_type',
  'display_name',
  'calculation_method',
  'value_format',
  'value_suffix',
  'description',
] as const

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
      return (await repo.findIndex(app.sql, request.params.uid)) ?? Promise.reject(missing(request.params.uid))
    },
  )

  app.post(
    `${BASE}/`,
    {
      schema: {
        operationId: 'createIndex',
        summary: 'Create an index, with its conventions',
        description:
          'Answers 201 with the index and its conventions. Conventions are checked as pricing reads them (tenor, calendar, day count, business-day convention): a code pricing would refuse is a 422.',
        tags: [TAG],
        body: CreateIndexRequest,
        response: { 201: IndexWithConvention, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { convention, metadata_json, ...fields } = request.body
      const created = await app.sql
        .begin(async (tx) => {
          const index = await repo.insertIndex(tx, {
            calculation_method: 'custom',
            value_format: 'decimal',
            ...fields,
            metadata_json: jsonValue(tx, metadata_json),
          })
          await writeConvention(tx, index.uid, convention)
          return withConvention(tx, index)
        })
        .catch(
          conflictOnDuplicate(
            () =>
              `An index with unique_identifier '${fields.unique_identifier}'${fields.uid ? ` or uid '${fields.uid}'` : ''} already exists.`,
          ),
        )
      return reply.code(201).send(created)
    },
  )

  app.patch(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'updateIndex',
        summary: 'Update an index and its conventions',
        description:
          'Only the keys sent are applied. `convention` replaces the conventions (checked as pricing reads them); null removes them.',
        tags: [TAG],
        params: UidParams,
        body: UpdateIndexRequest,
        response: { 200: IndexWithConvention, ...ERRORS },
      },
    },
    async (request) => {
      const b = request.body
      return app.sql.begin(async (tx) => {
        if (!(await repo.findIndex(tx, request.params.uid, true))) throw missing(request.params.uid)
        const patch = sentFields(b, EDITABLE)
        if (b.metadata_json !== undefined) patch.metadata_json = jsonValue(tx, b.metadata_json)
        const index = await repo.updateIndex(tx, request.params.uid, patch)
        await writeConvention(tx, request.params.uid, b.convention)
        return withConvention(tx, index!)
      })
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
      const { uid } = request.params
      if (!(await repo.findIndex(app.sql, uid))) throw missing(uid)
      return (await repo.findConvention(app.sql, uid)) ?? Promise.reject(notFound(`Index '${uid}' has no conventions.`))
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
      const index = await repo.findIndex(app.sql, request.params.uid)
      if (!index) throw missing(request.params.uid)
      const { include_samples, sample_limit } = request.query
      const [counts, samples] = await Promise.all([
        repo.countIndexDependents(app.sql, index),
        include_samples && sample_limit > 0 ? repo.indexDependentSamples(app.sql, index, sample_limit) : undefined,
      ])
      return buildDeleteImpact(
        {
          resource_type: 'index',
          uid: index.uid,
          identifier: index.unique_identifier,
          display_name: index.display_name,
          delete_endpoint: `${BASE}/${index.uid}/`,
        },
        indexFacts(counts, samples),
      )
    },
  )

  app.delete(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'deleteIndex',
        summary: 'Delete an index',
        description:
          'Refused with 409 while fixings, futures or curve selections depend on it; otherwise portfolios lose their published index and conventions are deleted, in one transaction. Returns null.',
        tags: [TAG],
        params: UidParams,
        response: { 200: Type.Null(), ...ERRORS },
      },
    },
    async (request) => {
      await app.sql.begin(async (tx) => {
        const index = await repo.findIndex(tx, request.params.uid, true)
        if (!index) throw missing(request.params.uid)
        const impact = buildDeleteImpact(
          {
            resource_type: 'index',
            uid: index.uid,
            identifier: index.unique_identifier,
            display_name: index.display_name,
            delete_endpoint: `${BASE}/${index.uid}/`,
          },
          indexFacts(await repo.countIndexDependents(tx, index)),
        )
        if (!impact.can_delete) {
          const blockers = impact.relationships
            .filter((r) => r.blocks_delete)
            .map((r) => `${r.count} ${r.label.toLowerCase()}`)
          throw conflict(
            `Index '${index.unique_identifier}' cannot be deleted while ${blockers.join(', ')} remain. See ${BASE}/${index.uid}/delete-impact/.`,
          )
        }
        await repo.deleteIndex(tx, index.uid)
      })
      return null
    },
  )
}

export default routes
