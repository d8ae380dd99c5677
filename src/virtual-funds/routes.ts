/** Virtual funds (reference/routes.md §9): list, discovery, detail, summary and one holdings snapshot. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { FrontEndDetailSummary, summaryField } from '../contracts/summary.ts'
import { assetInfo, holdingAsset, iso } from '../holdings/snapshot.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { notFound } from '../http/errors.ts'
import { pagedCollection } from '../http/pagination.ts'
import * as repo from './repository.ts'
import {
  VirtualFundCollection,
  VirtualFundDetailResponse,
  VirtualFundHoldingsQuery,
  VirtualFundHoldingsSnapshotResponse,
  VirtualFundListQuery,
} from './schemas.ts'

const TAG = 'virtual funds'
const BASE = '/api/v1/virtualfund'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }
const missing = (uid: string) => notFound(`Virtual fund '${uid}' was not found.`)

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const load = async (uid: string) => (await repo.findFund(app.sql, uid)) ?? Promise.reject(missing(uid))
  const links = (f: { uid: string; account_uid: string; target_portfolio_uid: string }) => ({
    detail: `${BASE}/${f.uid}/`,
    summary: `${BASE}/${f.uid}/summary/`,
    holdings: `${BASE}/${f.uid}/holdings/`,
    account: `/api/v1/account/${f.account_uid}/summary/`,
    portfolio: `/api/v1/portfolio/${f.target_portfolio_uid}/`,
  })

  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'listVirtualFunds',
        summary: 'List virtual funds',
        tags: [TAG],
        querystring: VirtualFundListQuery,
        response: { 200: VirtualFundCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listFunds(app.sql, q))
    },
  )

  discoveryRoute(app, `${BASE}/discovery/`, 'discoverVirtualFunds', TAG, {
    id: 'virtual-funds',
    label: 'Virtual funds',
    itemLabel: 'virtual funds',
    search: {
      placeholder: 'Search virtual funds',
      paths: ['unique_identifier', 'account_uid', 'target_portfolio_uid', 'uid'],
    },
    filters: [
      { key: 'account_uid', label: 'Account UID', type: 'text' },
      { key: 'portfolio_uid', label: 'Portfolio UID', type: 'text' },
    ],
    columns: [
      { path: 'unique_identifier', header: 'Identifier', importance: 'primary' },
      { path: 'account_uid', header: 'Account', filterKey: 'account_uid' },
      { path: 'target_portfolio_uid', header: 'Portfolio', filterKey: 'portfolio_uid' },
      { path: 'uid', header: 'UID' },
    ],
  })

  app.get(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'getVirtualFund',
        summary: 'Virtual fund detail',
        tags: [TAG],
        params: UidParams,
        response: { 200: VirtualFundDetailResponse, ...ERRORS },
      },
    },
    async (request) => {
      const f = await load(request.params.uid)
      const l = links(f)
      return {
        virtual_fund: f,
        tabs: [
          {
            key: 'latest_holdings',
            label: 'Latest Holdings',
            url: `${l.holdings}?order=desc&limit=1&include_asset_detail=true`,
          },
        ],
        links: { summary: l.summary, latest_holdings: l.holdings, account: l.account, portfolio: l.portfolio },
      }
    },
  )

  app.get(
    `${BASE}/:uid/summary/`,
    {
      schema: {
        operationId: 'getVirtualFundSummary',
        summary: 'Virtual fund summary',
        tags: [TAG],
        params: UidParams,
        response: { 200: FrontEndDetailSummary, ...ERRORS },
      },
    },
    async (request) => {
      const f = await load(request.params.uid)
      const l = links(f)
      return {
        entity: { id: f.uid, type: 'virtual_fund', title: f.unique_identifier || f.uid },
        badges: [],
        inline_fields: [
          summaryField('uid', 'UID', f.uid, 'code'),
          summaryField('unique_identifier', 'Identifier', f.unique_identifier, 'code'),
          summaryField('account_uid', 'Account UID', f.account_uid, 'code', { link_url: l.account }),
          summaryField('target_portfolio_uid', 'Portfolio UID', f.target_portfolio_uid, 'code', {
            link_url: l.portfolio,
          }),
        ],
        highlight_fields: [],
        stats: [],
        label_management: { labels: [], add_label_url: null, remove_label_url: null },
        summary_warning: null,
        extensions: {
          detail_url: l.detail,
          latest_holdings_url: l.holdings,
          account_summary_url: l.account,
          portfolio_detail_url: l.portfolio,
        },
      }
    },
  )

  app.get(
    `${BASE}/:uid/holdings/`,
    {
      schema: {
        operationId: 'getVirtualFundHoldings',
        summary: 'One holdings snapshot of a virtual fund',
        tags: [TAG],
        params: UidParams,
        querystring: VirtualFundHoldingsQuery,
        response: { 200: VirtualFundHoldingsSnapshotResponse, ...ERRORS },
      },
    },
    async (request) => {
      const f = await load(request.params.uid)
      const q = request.query
      const snap = await repo.fundSnapshot(app.sql, f.uid, q.holdings_date, q.order)
      const info =
        snap && q.include_asset_detail
          ? await assetInfo(
              app.sql,
              snap.rows.map((r) => r.asset_identifier),
            )
          : undefined
      return {
        holdings_set_uid: snap?.set.uid ?? null,
        holdings_date: iso(snap?.set.time_index),
        holdings: (snap?.rows ?? []).map((r) => ({
          ...r,
          time_index: r.time_index.toISOString(),
          target_trade_time: iso(r.target_trade_time),
          extra_details: r.extra_details ?? {},
          asset: info ? holdingAsset(r.asset_identifier, info.get(r.asset_identifier)) : null,
        })),
        virtual_fund_uid: f.uid,
        virtual_fund_unique_identifier: f.unique_identifier,
        source_account_holdings_set_uid: snap?.set.source ?? null,
      }
    },
  )
}

export default routes
