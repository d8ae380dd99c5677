/** The rules and transactions of the index registry; the SQL is in repository.ts. */
import { buildDeleteImpact, type RelationshipFact } from '../contracts/delete-impact.ts'
import type { Sql, TransactionSql } from '../db/client.ts'
import { jsonValue, sentFields } from '../db/values.ts'
import { conflict, conflictOnDuplicate, notFound, unprocessable } from '../http/errors.ts'
import { indexConventionIssue } from '../../workers/entry.ts'
import * as repo from './repository.ts'
import type {
  CreateIndexRequest,
  Index,
  IndexConventionDetails,
  IndexConventionInput,
  IndexDeleteImpactQuery,
  UpdateIndexRequest,
} from './schemas.ts'

/** The routes' prefix, for the links a delete impact and a refused delete give. */
const BASE = '/api/v1/index'

export const missing = (uid: string) => notFound(`Index '${uid}' was not found.`)

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
        "Market-data-set curve selections with selector type 'index' and this index's uid as key; remove or repoint " +
        'them before the delete.',
    },
    {
      sampleKey: 'parameter_selections',
      key: 'pricing_parameter_selections',
      label: 'Market parameter selections keyed by this index',
      model: 'pricing_parameter_selections',
      column: 'selector_key',
      relationship_type: 'indirect',
      on_delete: 'APPLICATION',
      count: c.parameter_selections,
      treatment: 'manual',
      description:
        "Market-data-set selections of a model parameter (a callable's short-rate model) on this index; remove or " +
        'repoint them before the delete.',
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

/** The index, or 404. */
export async function loadIndex(sql: Sql, uid: string): Promise<Index> {
  return (await repo.findIndex(sql, uid)) ?? Promise.reject(missing(uid))
}

/** Creates an index with its conventions, checked as pricing reads them. */
export async function createIndex(sql: Sql, body: CreateIndexRequest) {
  const { convention, metadata_json, ...fields } = body
  return sql
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
          `An index with unique_identifier ` +
          `'${fields.unique_identifier}'${fields.uid ? ` or uid '${fields.uid}'` : ''} already exists.`,
      ),
    )
}

/** Applies the keys sent; `convention` replaces the conventions, null removes them. */
export async function updateIndex(sql: Sql, uid: string, b: UpdateIndexRequest) {
  return sql.begin(async (tx) => {
    if (!(await repo.findIndex(tx, uid, true))) throw missing(uid)
    const patch = sentFields(b, EDITABLE)
    if (b.metadata_json !== undefined) patch.metadata_json = jsonValue(tx, b.metadata_json)
    const index = await repo.updateIndex(tx, uid, patch)
    await writeConvention(tx, uid, b.convention)
    return withConvention(tx, index!)
  })
}

/** The conventions of an index; 404 when the index is missing or has none. */
export async function loadConvention(sql: Sql, uid: string): Promise<IndexConventionDetails> {
  if (!(await repo.findIndex(sql, uid))) throw missing(uid)
  return (await repo.findConvention(sql, uid)) ?? Promise.reject(notFound(`Index '${uid}' has no conventions.`))
}

/** What deleting the index would do (read-only). */
export async function deleteImpact(sql: Sql, uid: string, options: IndexDeleteImpactQuery) {
  const index = await repo.findIndex(sql, uid)
  if (!index) throw missing(uid)
  const { include_samples, sample_limit } = options
  const [counts, samples] = await Promise.all([
    repo.countIndexDependents(sql, index),
    include_samples && sample_limit > 0 ? repo.indexDependentSamples(sql, index, sample_limit) : undefined,
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
}

/** Deletes an index; 409 while fixings, futures or curve selections depend on it. */
export async function deleteIndex(sql: Sql, uid: string): Promise<void> {
  await sql.begin(async (tx) => {
    const index = await repo.findIndex(tx, uid, true)
    if (!index) throw missing(uid)
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
        `Index '${index.unique_identifier}' cannot be deleted while ${blockers.join(', ')} remain. See ` +
          `${BASE}/${index.uid}/delete-impact/.`,
      )
    }
    await repo.deleteIndex(tx, index.uid)
  })
}
