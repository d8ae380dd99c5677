/**
 * Asset registry (reference/routes.md §2): list, discovery, monitor frame, detail, summary and delete. Pricing
 * details of an asset live with the pricer (src/pricing). Deleting an asset that holdings, weights, snapshots
 * or target positions still reference answers 409 naming them; nothing is deleted.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { FrontEndDetailSummary, summaryField } from '../contracts/summary.ts'
import { TABULAR_FRAME_CONTRACT, TabularFrameResponse } from '../contracts/tabular-frame.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { conflict, notFound } from '../http/errors.ts'
import { pagedCollection } from '../http/pagination.ts'
import * as repo from './repository.ts'
import { AssetCollection, AssetDetailResponse, AssetListQuery, MonitorFrameQuery } from './schemas.ts'

const TAG = 'assets'
const BASE = '/api/v1/asset'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }
const missing = (uid: string) => notFound(`Asset '${uid}' was not found.`)

const MONITOR_FIELDS = [
  ['uid', 'UID'],
  ['unique_identifier', 'Asset Identifier'],
  ['asset_type', 'Asset Type'],
  ['ticker', 'Ticker'],
  ['name', 'Name'],
  ['figi', 'FIGI'],
  ['composite_figi', 'Composite FIGI'],
  ['exchange_code', 'Exchange'],
  ['security_type', 'Security Type'],
  ['security_market_sector', 'Market Sector'],
  ['currency', 'Currency'],
] as const
const MONITOR_COLUMNS = MONITOR_FIELDS.map(([key]) => key)

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'listAssets',
        summary: 'List assets',
        tags: [TAG],
        querystring: AssetListQuery,
        response: { 200: AssetCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listAssets(app.sql, q))
    },
  )

  discoveryRoute(app, `${BASE}/discovery/`, 'discoverAssets', TAG, {
    id: 'assets',
    label: 'Assets',
    itemLabel: 'assets',
    search: { placeholder: 'Search assets', paths: ['unique_identifier', 'asset_type', 'uid'] },
    filters: [{ key: 'categories__uid', label: 'Category UID', type: 'text' }],
    columns: [
      { path: 'unique_identifier', header: 'Identifier', importance: 'primary' },
      { path: 'asset_type', header: 'Asset type' },
      { path: 'uid', header: 'UID' },
    ],
  })

  app.get(
    `${BASE}/monitor/frame/`,
    {
      schema: {
        operationId: 'getAssetMonitorFrame',
        summary: 'Asset monitor frame',
        description:
          'Assets with their descriptive identifiers as a core.tabular_frame@v1 frame: by explicit ' +
          'unique_identifiers (in request order) or by search.',
        tags: [TAG],
        querystring: MonitorFrameQuery,
        response: { 200: TabularFrameResponse, ...ERRORS },
        'x-ui-contract': TABULAR_FRAME_CONTRACT,
        'x-ui-output-root': 'response:$',
      },
    },
    async (request) => {
      const q = request.query
      const rows = await repo.monitorRows(app.sql, q)
      return {
        status: 'ready' as const,
        columns: [...MONITOR_COLUMNS],
        rows: rows.map((r): Record<string, unknown> => ({ ...r })),
        fields: MONITOR_FIELDS.map(([key, label]) => ({
          key,
          label,
          type: 'string' as const,
          nullable: key !== 'uid' && key !== 'unique_identifier',
          description: `${label} of the asset`,
        })),
        meta: {
          contract: TABULAR_FRAME_CONTRACT,
          widget: { id: 'main-sequence-markets__asset-screener', input: 'seedData' },
          marketAsset: {
            assetKeyField: 'unique_identifier',
            uidField: 'uid',
            tickerField: 'ticker',
            assetTypeField: 'asset_type',
          },
        },
        source: {
          kind: 'api',
          id: 'getAssetMonitorFrame',
          label: 'apps/v1 Asset Monitor',
          context: {
            operationId: 'getAssetMonitorFrame',
            ...(q.unique_identifiers ? { uniqueIdentifiers: q.unique_identifiers } : {}),
            url: `${request.protocol}://${request.host}${request.url}`,
          },
        },
      }
    },
  )

  app.get(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'getAsset',
        summary: 'Get an asset with its current snapshot',
        tags: [TAG],
        params: UidParams,
        response: { 200: AssetDetailResponse, ...ERRORS },
      },
    },
    async (request) => {
      const asset = await repo.findAsset(app.sql, request.params.uid)
      if (!asset) throw missing(request.params.uid)
      const s = await repo.latestSnapshot(app.sql, asset.unique_identifier)
      return {
        ...asset,
        current_snapshot: {
          time_index: s ? s.time_index.toISOString() : null,
          asset_identifier: asset.unique_identifier,
          name: s?.name ?? null,
          ticker: s?.ticker ?? null,
          exchange_code: s?.exchange_code ?? null,
          asset_ticker_group_id: s?.asset_ticker_group_id ?? null,
        },
        details: [],
        trading_view: null,
        order_form: null,
      }
    },
  )

  app.get(
    `${BASE}/:uid/summary/`,
    {
      schema: {
        operationId: 'getAssetSummary',
        summary: 'Asset summary',
        tags: [TAG],
        params: UidParams,
        response: { 200: FrontEndDetailSummary, ...ERRORS },
      },
    },
    async (request) => {
      const asset = await repo.findAsset(app.sql, request.params.uid)
      if (!asset) throw missing(request.params.uid)
      const d = await repo.findAssetDetails(app.sql, asset.uid)
      const securityType = d?.security_type ?? asset.asset_type
      return {
        entity: { id: asset.uid, type: 'asset', title: d?.name || d?.ticker || asset.unique_identifier || asset.uid },
        badges: [
          ...(securityType ? [{ key: 'security_type', label: securityType, tone: 'neutral', link_url: null }] : []),
          ...(d?.security_market_sector
            ? [{ key: 'security_market_sector', label: d.security_market_sector, tone: 'info', link_url: null }]
            : []),
        ],
        inline_fields: [
          summaryField('uid', 'UID', asset.uid, 'code'),
          summaryField('figi', 'FIGI', d?.figi ?? null, 'code'),
          summaryField('exchange_code', 'Exchange', d?.exchange_code ?? null, 'text'),
        ],
        highlight_fields: [
          ...(d?.name ? [summaryField('name', 'Name', d.name, 'text', { icon: 'database' })] : []),
          summaryField('unique_identifier', 'Identifier', asset.unique_identifier, 'code', { icon: 'database' }),
          ...(d?.ticker ? [summaryField('ticker', 'Ticker', d.ticker, 'code', { icon: 'tag' })] : []),
        ],
        stats: [],
        label_management: { labels: [], add_label_url: null, remove_label_url: null },
        summary_warning: null,
        extensions: { asset_type: asset.asset_type, is_custom_by_organization: true },
      }
    },
  )

  app.delete(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'deleteAsset',
        summary: 'Delete an asset',
        description:
          'Returns null. Refused with 409 while snapshots, holdings, weights or target positions reference the ' +
          'asset; category memberships and details go with it.',
        tags: [TAG],
        params: UidParams,
        response: { 200: Type.Null(), ...ERRORS },
      },
    },
    async (request) => {
      const asset = await repo.findAsset(app.sql, request.params.uid)
      if (!asset) throw missing(request.params.uid)
      const blockers = await repo.restrictingRows(app.sql, asset)
      if (blockers.length)
        throw conflict(
          `Asset '${asset.unique_identifier}' cannot be deleted while ` +
            `${blockers.map((b) => `${b.n} ${b.table}`).join(', ')} reference it.`,
        )
      // a reference added since the check still fails the delete: the FK error maps to 409 as well
      if ((await repo.deleteAsset(app.sql, asset.uid)) === 0) throw missing(request.params.uid)
      return null
    },
  )
}

export default routes
