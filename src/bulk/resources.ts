/**
 * The three bulk-deletable resources: their routes, wording (the peer's, reference §3, §6, §7, §13), discovery
 * document, and the deletion module that checks and deletes them. Routes, preflight and the queue job all read
 * from here, so the job re-checks exactly what the preflight reported.
 */
import { discoveryDocument, type DiscoverySpec } from '../contracts/resource-discovery.ts'
import type { BulkTable, Queryable } from './deletions/queryable.ts'
import { deleteAssetCategories, findAssetCategoryDeleteBlockers } from './deletions/asset-categories.ts'
import { deletePortfolioGroups, findPortfolioGroupDeleteBlockers } from './deletions/portfolio-groups.ts'
import { deletePortfolios, findPortfolioDeleteBlockers } from './deletions/portfolios.ts'

export type BulkResourceKey = 'asset-categories' | 'portfolios' | 'portfolio-groups'

/** Counts a deletion returns; `deleted_count` always, the portfolio series counts for portfolios. */
export type DeleteCounts = { deleted_count: number } & Record<string, number>

export interface BulkResource {
  key: BulkResourceKey
  /** collection path, e.g. `/api/v1/asset-category` */
  collection: string
  tag: string
  operationIds: { discover: string; preflight: string; execute: string }
  /** "asset category" / "asset categories" */
  singular: string
  plural: string
  /** sentence subject of a blocker: "Asset category" */
  subject: string
  /** "asset-category" in "The asset-category selection cannot be deleted as submitted." */
  selectionNoun: string
  /** prefix the per-item blockers with "<Subject> <uid>: " (portfolios, as the peer) */
  prefixBlockers: boolean
  discovery: DiscoverySpec
  /** the table whose rows the selection names (uid primary key) */
  table: BulkTable
  findBlockers(db: Queryable, uids: string[]): Promise<Map<string, string[]>>
  remove(db: Queryable, uids: string[]): Promise<DeleteCounts>
  /** execution `detail` for a number deleted */
  deletedDetail(n: number): string
}

const action = (id: string, collection: string, title: string, plural: string) => ({
  id,
  label: 'Delete selected',
  endpoint: `${collection}/bulk-delete/`,
  method: 'POST' as const,
  selection_modes: ['explicit' as const],
  options: [],
  tone: 'danger',
  confirmation: {
    title,
    word: 'DELETE',
    button_label: 'Delete selected',
    warning: `Deleted ${plural} cannot be restored.`,
  },
  preflight_endpoint: `${collection}/bulk-delete/preflight/`,
})

const count = (n: number, singular: string, plural: string) => `${n} ${n === 1 ? singular : plural}`

export const ASSET_CATEGORIES: BulkResource = {
  key: 'asset-categories',
  collection: '/api/v1/asset-category',
  tag: 'asset categories',
  operationIds: {
    discover: 'discoverAssetCategories',
    preflight: 'preflightBulkDeleteAssetCategories',
    execute: 'bulkDeleteAssetCategories',
  },
  singular: 'asset category',
  plural: 'asset categories',
  subject: 'Asset category',
  selectionNoun: 'asset-category',
  prefixBlockers: false,
  discovery: {
    id: 'asset-categories',
    label: 'Asset categories',
    itemLabel: 'asset categories',
    search: {
      placeholder: 'Search asset categories',
      paths: ['display_name', 'unique_identifier', 'description', 'uid'],
    },
    columns: [
      { path: 'display_name', header: 'Name', importance: 'primary' },
      { path: 'unique_identifier', header: 'Identifier' },
      { path: 'description', header: 'Description' },
      { path: 'uid', header: 'UID' },
    ],
    bulkActions: [
      action('bulk-delete-asset-categories', '/api/v1/asset-category', 'Delete asset categories', 'asset categories'),
    ],
  },
  table: 'asset_categories',
  findBlockers: findAssetCategoryDeleteBlockers,
  remove: deleteAssetCategories,
  deletedDetail: (n) =>
    n === 0
      ? 'No asset categories matched the deletion request.'
      : `Deleted ${count(n, 'asset category', 'asset categories')}.`,
}

export const PORTFOLIOS: BulkResource = {
  key: 'portfolios',
  collection: '/api/v1/portfolio',
  tag: 'portfolios',
  operationIds: {
    discover: 'discoverPortfolios',
    preflight: 'preflightBulkDeletePortfolios',
    execute: 'bulkDeletePortfolios',
  },
  singular: 'portfolio',
  plural: 'portfolios',
  subject: 'Portfolio',
  selectionNoun: 'portfolio',
  prefixBlockers: true,
  discovery: {
    id: 'portfolios',
    label: 'Portfolios',
    itemLabel: 'portfolios',
    search: {
      placeholder: 'Search portfolios',
      paths: ['unique_identifier', 'calendar_uid', 'published_index_uid', 'signal_uid', 'uid'],
    },
    filters: [{ key: 'calendar_uid', label: 'Calendar UID', type: 'text' }],
    columns: [
      { path: 'unique_identifier', header: 'Identifier', importance: 'primary' },
      { path: 'calendar_uid', header: 'Calendar', filterKey: 'calendar_uid' },
      { path: 'published_index_uid', header: 'Published index' },
      { path: 'signal_uid', header: 'Signal' },
      { path: 'uid', header: 'UID' },
    ],
    bulkActions: [action('bulk-delete-portfolios', '/api/v1/portfolio', 'Delete portfolios', 'portfolios')],
  },
  table: 'portfolios',
  findBlockers: findPortfolioDeleteBlockers,
  remove: async (db, uids) => ({ ...(await deletePortfolios(db, uids)) }),
  deletedDetail: (n) => (n === 0 ? 'No portfolios were deleted.' : `Deleted ${count(n, 'portfolio', 'portfolios')}.`),
}

export const PORTFOLIO_GROUPS: BulkResource = {
  key: 'portfolio-groups',
  collection: '/api/v1/portfolio-group',
  tag: 'portfolio groups',
  operationIds: {
    discover: 'discoverPortfolioGroups',
    preflight: 'preflightBulkDeletePortfolioGroups',
    execute: 'bulkDeletePortfolioGroups',
  },
  singular: 'portfolio group',
  plural: 'portfolio groups',
  subject: 'Portfolio group',
  selectionNoun: 'portfolio-group',
  prefixBlockers: false,
  discovery: {
    id: 'portfolio-groups',
    label: 'Portfolio groups',
    itemLabel: 'portfolio groups',
    search: {
      placeholder: 'Search portfolio groups',
      paths: ['display_name', 'unique_identifier', 'description', 'uid'],
    },
    filters: [
      { key: 'unique_identifier', label: 'Identifier', type: 'text' },
      { key: 'display_name', label: 'Display name', type: 'text' },
    ],
    columns: [
      { path: 'display_name', header: 'Name', filterKey: 'display_name', importance: 'primary' },
      { path: 'unique_identifier', header: 'Identifier', filterKey: 'unique_identifier' },
      { path: 'description', header: 'Description' },
      { path: 'uid', header: 'UID' },
    ],
    bulkActions: [
      action('bulk-delete-portfolio-groups', '/api/v1/portfolio-group', 'Delete portfolio groups', 'portfolio groups'),
    ],
  },
  table: 'portfolio_groups',
  findBlockers: findPortfolioGroupDeleteBlockers,
  remove: deletePortfolioGroups,
  deletedDetail: (n) =>
    n === 0
      ? 'No portfolio groups matched the deletion request.'
      : `Deleted ${count(n, 'portfolio group', 'portfolio groups')}.`,
}

export const BULK_RESOURCES: Readonly<Record<BulkResourceKey, BulkResource>> = {
  'asset-categories': ASSET_CATEGORIES,
  portfolios: PORTFOLIOS,
  'portfolio-groups': PORTFOLIO_GROUPS,
}

export const isBulkResourceKey = (key: string): key is BulkResourceKey => Object.hasOwn(BULK_RESOURCES, key)

/** The static discovery document of a resource. */
export const discoveryOf = (resource: BulkResource) => discoveryDocument(resource.discovery)
