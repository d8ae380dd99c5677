/**
 * Portfolios (reference/routes.md §6): list, detail, summary, weights snapshot, weights delete and delete.
 * Discovery and bulk deletion are in src/bulk; the single delete shares their blocker checks and guarded delete.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { FrontEndDetailSummary, summaryField } from '../contracts/summary.ts'
import { TabularFrameResponse } from '../contracts/tabular-frame.ts'
import { assetInfo, iso } from '../holdings/snapshot.ts'
import { pagedCollection } from '../http/pagination.ts'
import * as repo from './repository.ts'
import * as service from './service.ts'
import { SeriesFrameQuery, signalWeightsFrame, valuesFrame } from './series.ts'
import {
  DeleteWeightsQuery,
  PortfolioCollection,
  PortfolioDeleteResponse,
  PortfolioDetailResponse,
  PortfolioListQuery,
  PortfolioWeightsDeleteResponse,
  PortfolioWeightsSnapshotResponse,
  WeightsQuery,
} from './schemas.ts'

const TAG = 'portfolios'
const BASE = '/api/v1/portfolio'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const load = (uid: string) => service.loadPortfolio(app.sql, uid)

  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'listPortfolios',
        summary: 'List portfolios',
        tags: [TAG],
        querystring: PortfolioListQuery,
        response: { 200: PortfolioCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listPortfolios(app.sql, q))
    },
  )

  app.get(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'getPortfolio',
        summary: 'Portfolio detail',
        tags: [TAG],
        params: UidParams,
        response: { 200: PortfolioDetailResponse, ...ERRORS },
      },
    },
    async (request) => {
      const p = await load(request.params.uid)
      const url = `${BASE}/${p.uid}/`
      return {
        portfolio: p,
        metadata: await repo.findMetadata(app.sql, p.unique_identifier),
        tabs: [
          {
            key: 'latest_weights',
            label: 'Latest Weights',
            url: `${url}weights/?order=desc&limit=1&include_asset_detail=true`,
          },
        ],
        links: { summary: `${url}summary/`, latest_weights: `${url}weights/`, delete: url },
      }
    },
  )

  app.get(
    `${BASE}/:uid/summary/`,
    {
      schema: {
        operationId: 'getPortfolioSummary',
        summary: 'Portfolio summary',
        tags: [TAG],
        params: UidParams,
        response: { 200: FrontEndDetailSummary, ...ERRORS },
      },
    },
    async (request) => {
      const p = await load(request.params.uid)
      const [metadata, calendar] = await Promise.all([
        repo.findMetadata(app.sql, p.unique_identifier),
        repo.findCalendarLabel(app.sql, p.calendar_uid),
      ])
      const url = `${BASE}/${p.uid}/`
      const calendarUrl = `/api/v1/calendar/${p.calendar_uid}/`
      const indexUrl = p.published_index_uid ? `/api/v1/index/${p.published_index_uid}/` : null
      const signalsUrl = `${url}signals_weights/?order=desc&limit=100`
      const valuesUrl = `${url}portfolio_values/?order=desc&limit=100`
      const calendarLabel = calendar?.display_name || calendar?.unique_identifier || p.calendar_uid
      return {
        entity: { id: p.uid, type: 'portfolio', title: p.unique_identifier || p.uid },
        badges: p.published_index_uid
          ? [{ key: 'published_index', label: 'Published Index', tone: 'info', link_url: indexUrl }]
          : [],
        inline_fields: [
          summaryField('uid', 'UID', p.uid, 'code'),
          summaryField('unique_identifier', 'Identifier', p.unique_identifier, 'code'),
          summaryField('calendar_uid', 'Calendar UID', p.calendar_uid, 'code', { link_url: calendarUrl }),
          summaryField('published_index_uid', 'Published Index UID', p.published_index_uid, 'code', {
            link_url: indexUrl,
          }),
          summaryField(
            'portfolio_weights_data_node_uid',
            'Portfolio Weights Node',
            p.portfolio_weights_data_node_uid,
            'code',
            { link_url: `${url}weights/` },
          ),
          summaryField('signal_weights_data_node_uid', 'Signal Weights Node', p.signal_weights_data_node_uid, 'code', {
            link_url: signalsUrl,
          }),
          summaryField('signal_uid', 'Signal UID', p.signal_uid, 'code'),
          summaryField('portfolio_data_node_uid', 'Portfolio Values Node', p.portfolio_data_node_uid, 'code', {
            link_url: valuesUrl,
          }),
        ],
        highlight_fields: [
          summaryField('calendar', 'Calendar', calendarLabel, 'text', { icon: 'calendar', link_url: calendarUrl }),
        ],
        stats: [],
        label_management: { labels: [], add_label_url: null, remove_label_url: null },
        summary_warning: null,
        extensions: {
          description: metadata?.description ?? null,
          detail_url: url,
          latest_weights_url: `${url}weights/`,
          delete_url: url,
          calendar: {
            uid: p.calendar_uid,
            label: calendarLabel,
            display_name: calendar?.display_name ?? null,
            unique_identifier: calendar?.unique_identifier ?? null,
            detail_url: calendarUrl,
            dates_url: `${calendarUrl}dates/`,
            sessions_url: `${calendarUrl}sessions/`,
            events_url: `${calendarUrl}events/`,
          },
          nodes: {
            portfolio_weights: {
              uid: p.portfolio_weights_data_node_uid,
              label: 'Portfolio Weights',
              url: `${url}weights/`,
            },
            signal_weights: {
              uid: p.signal_weights_data_node_uid,
              signal_uid: p.signal_uid,
              label: 'Signal Weights',
              url: signalsUrl,
            },
            portfolio_values: { uid: p.portfolio_data_node_uid, label: 'Portfolio Values', url: valuesUrl },
          },
          pointers: {
            portfolio_weights_data_node_uid: p.portfolio_weights_data_node_uid,
            signal_weights_data_node_uid: p.signal_weights_data_node_uid,
            signal_uid: p.signal_uid,
            portfolio_data_node_uid: p.portfolio_data_node_uid,
          },
        },
      }
    },
  )

  app.get(
    `${BASE}/:uid/weights/`,
    {
      schema: {
        operationId: 'getPortfolioWeights',
        summary: 'One weights snapshot of a portfolio',
        tags: [TAG],
        params: UidParams,
        querystring: WeightsQuery,
        response: { 200: PortfolioWeightsSnapshotResponse, ...ERRORS },
      },
    },
    async (request) => {
      const p = await load(request.params.uid)
      const q = request.query
      const snap = await repo.weightsSnapshot(app.sql, p.unique_identifier, q.weights_date, q.order)
      const info = q.include_asset_detail
        ? await assetInfo(
            app.sql,
            snap.rows.map((r) => r.asset_identifier),
          )
        : undefined
      return {
        portfolio_uid: p.uid,
        portfolio_unique_identifier: p.unique_identifier,
        published_index_uid: p.published_index_uid,
        portfolio_identifier: p.unique_identifier,
        weights_date: iso(snap.time),
        resolution_warning: null,
        weights: snap.rows.map((r) => {
          const a = info?.get(r.asset_identifier)
          return {
            ...r,
            time_index: r.time_index.toISOString(),
            asset: info
              ? {
                  uid: a?.uid ?? null,
                  unique_identifier: r.asset_identifier,
                  current_snapshot: { name: a?.name ?? null, ticker: a?.ticker ?? null },
                }
              : null,
          }
        }),
      }
    },
  )

  app.get(
    `${BASE}/:uid/portfolio_values/`,
    {
      schema: {
        operationId: 'getPortfolioValuesFrame',
        summary: 'Values of a portfolio (tabular frame)',
        description: 'Close, return and calculated close over time, as a core.tabular_frame@v1 frame.',
        tags: [TAG],
        params: UidParams,
        querystring: SeriesFrameQuery,
        response: { 200: TabularFrameResponse, ...ERRORS },
      },
    },
    async (request) => {
      return valuesFrame(app.sql, await load(request.params.uid), request.query)
    },
  )

  app.get(
    `${BASE}/:uid/signals_weights/`,
    {
      schema: {
        operationId: 'getPortfolioSignalWeightsFrame',
        summary: "Weights of a portfolio's signal (tabular frame)",
        description:
          "The signal's weight per asset over time, as a core.tabular_frame@v1 frame; no rows when the portfolio has " +
          'no signal.',
        tags: [TAG],
        params: UidParams,
        querystring: SeriesFrameQuery,
        response: { 200: TabularFrameResponse, ...ERRORS },
      },
    },
    async (request) => {
      return signalWeightsFrame(app.sql, await load(request.params.uid), request.query)
    },
  )

  app.delete(
    `${BASE}/:uid/weights/`,
    {
      schema: {
        operationId: 'deletePortfolioWeights',
        summary: 'Delete weights (all, or from a date on)',
        tags: [TAG],
        params: UidParams,
        querystring: DeleteWeightsQuery,
        response: { 200: PortfolioWeightsDeleteResponse, ...ERRORS },
      },
    },
    async (request) => {
      return service.deletePortfolioWeights(app.sql, request.params.uid, request.query.weights_date)
    },
  )

  app.delete(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'deletePortfolio',
        summary: 'Delete a portfolio with its weights and values',
        tags: [TAG],
        params: UidParams,
        response: { 200: PortfolioDeleteResponse, ...ERRORS },
      },
    },
    async (request) => {
      return service.deletePortfolio(app.sql, request.params.uid.toLowerCase())
    },
  )
}

export default routes
