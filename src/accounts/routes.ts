/**
 * Accounts (reference/routes.md §4): list, discovery, summary, target-allocation candidates, holdings, holdings
 * by virtual fund, target positions, and the two snapshot writes, which answer with the snapshot they wrote.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Static } from 'typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { FrontEndDetailSummary, summaryField } from '../contracts/summary.ts'
import { assetInfo, holdingAsset, iso } from '../holdings/snapshot.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { pagedCollection } from '../http/pagination.ts'
import * as repo from './repository.ts'
import * as service from './service.ts'
import {
  Account,
  AccountCollection,
  AccountHoldingsByFundResponse,
  AccountHoldingsSnapshotResponse,
  AccountListQuery,
  AccountParams,
  AccountTargetPositionsSnapshotResponse,
  AddHoldingsRequest,
  AddTargetPositionsRequest,
  HoldingsQuery,
  TargetCandidateCollection,
  TargetPositionsQuery,
  TargetSearchQuery,
} from './schemas.ts'

const TAG = 'accounts'
const BASE = '/api/v1/account'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }
type FundGroup = Static<typeof AccountHoldingsByFundResponse>['funds'][number]

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const load = (uid: string) => service.loadAccount(app.sql, uid)

  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'listAccounts',
        summary: 'List accounts',
        tags: [TAG],
        querystring: AccountListQuery,
        response: { 200: AccountCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listAccounts(app.sql, q))
    },
  )

  discoveryRoute(app, `${BASE}/discovery/`, 'discoverAccounts', TAG, {
    id: 'accounts',
    label: 'Accounts',
    itemLabel: 'accounts',
    search: { placeholder: 'Search accounts', paths: ['account_name', 'unique_identifier', 'uid'] },
    columns: [
      { path: 'account_name', header: 'Name', importance: 'primary' },
      { path: 'unique_identifier', header: 'Identifier' },
      { path: 'account_is_active', header: 'Active', type: 'boolean' },
      { path: 'is_paper', header: 'Paper', type: 'boolean' },
      { path: 'uid', header: 'UID' },
    ],
  })

  app.get(
    `${BASE}/target-allocation/targets/`,
    {
      schema: {
        operationId: 'searchAccountTargetAllocationTargets',
        summary: 'Assets and portfolios a target allocation can point at',
        tags: [TAG],
        querystring: TargetSearchQuery,
        response: { 200: TargetCandidateCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.targetCandidates(app.sql, q))
    },
  )

  discoveryRoute(app, `${BASE}/target-allocation/targets/discovery/`, 'discoverAccountTargetAllocationTargets', TAG, {
    id: 'account-target-allocation-targets',
    label: 'Target allocation targets',
    itemLabel: 'targets',
    identity: ['target_type', 'target_uid'],
    search: { placeholder: 'Search assets and portfolios', paths: ['display_label', 'identifier', 'target_uid'] },
    filters: [
      {
        key: 'target_type',
        label: 'Target type',
        type: 'select',
        options: [
          { label: 'All', value: 'all' },
          { label: 'Assets', value: 'asset' },
          { label: 'Portfolios', value: 'portfolio' },
        ],
      },
    ],
    columns: [
      { path: 'display_label', header: 'Name', importance: 'primary' },
      { path: 'identifier', header: 'Identifier' },
      { path: 'target_type', header: 'Type', filterKey: 'target_type' },
      { path: 'secondary_label', header: 'Ticker' },
      { path: 'target_uid', header: 'UID' },
    ],
  })

  app.get(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'getAccount',
        summary: 'Get an account',
        description: 'The account row, with its account group.',
        tags: [TAG],
        params: UidParams,
        response: { 200: Account, ...ERRORS },
      },
    },
    async (request) => {
      return load(request.params.uid)
    },
  )

  app.get(
    `${BASE}/:uid/summary/`,
    {
      schema: {
        operationId: 'getAccountSummary',
        summary: 'Account summary',
        tags: [TAG],
        params: UidParams,
        response: { 200: FrontEndDetailSummary, ...ERRORS },
      },
    },
    async (request) => {
      const a = await load(request.params.uid)
      return {
        entity: { id: a.uid, type: 'account', title: a.account_name || a.unique_identifier || a.uid },
        badges: [
          a.account_is_active
            ? { key: 'account_is_active', label: 'Active', tone: 'success', link_url: null }
            : { key: 'account_is_active', label: 'Inactive', tone: 'warning', link_url: null },
          a.is_paper
            ? { key: 'is_paper', label: 'Paper', tone: 'neutral', link_url: null }
            : { key: 'is_paper', label: 'Live', tone: 'success', link_url: null },
        ],
        inline_fields: [
          summaryField('uid', 'UID', a.uid, 'code'),
          summaryField('unique_identifier', 'Identifier', a.unique_identifier, 'code'),
        ],
        highlight_fields: [summaryField('display_name', 'Display name', a.account_name, 'text', { icon: 'database' })],
        stats: [],
        label_management: { labels: [], add_label_url: null, remove_label_url: null },
        summary_warning: null,
        extensions: { holdings_data_node_uid: a.holdings_data_node_uid, metadata_json: a.metadata_json },
      }
    },
  )

  app.get(
    `${BASE}/:account_uid/holdings/`,
    {
      schema: {
        operationId: 'getAccountHoldings',
        summary: 'One holdings snapshot of an account',
        tags: [TAG],
        params: AccountParams,
        querystring: HoldingsQuery,
        response: { 200: AccountHoldingsSnapshotResponse, ...ERRORS },
      },
    },
    async (request) => {
      const a = await load(request.params.account_uid)
      return service.holdingsSnapshot(app.sql, a.uid, request.query)
    },
  )

  app.get(
    `${BASE}/:account_uid/holdings/by-fund/`,
    {
      schema: {
        operationId: 'getAccountHoldingsByFund',
        summary: 'An account holdings snapshot split by virtual fund, with residuals',
        tags: [TAG],
        params: AccountParams,
        querystring: HoldingsQuery,
        response: { 200: AccountHoldingsByFundResponse, ...ERRORS },
      },
    },
    async (request) => {
      const a = await load(request.params.account_uid)
      const q = request.query
      const set = await repo.pickHoldingsSet(app.sql, a.uid, q.holdings_date, q.order)
      if (!set)
        return {
          account_uid: a.uid,
          source_account_holdings_set_uid: null,
          holdings_date: null,
          funds: [],
          residuals: [],
          allocation_warnings: [],
        }
      const [rows, residuals] = await Promise.all([
        repo.fundRows(app.sql, a.uid, set.uid),
        repo.residualRows(app.sql, a.uid, set.uid),
      ])
      const info = q.include_asset_detail
        ? await assetInfo(app.sql, [...new Set([...rows, ...residuals].map((r) => r.asset_identifier))])
        : undefined
      const asset = (id: string) => (info ? holdingAsset(id, info.get(id)) : null)
      const funds = new Map<string, FundGroup>()
      for (const r of rows) {
        const fund = funds.get(r.virtual_fund_uid) ?? {
          virtual_fund_uid: r.virtual_fund_uid,
          virtual_fund_unique_identifier: r.virtual_fund_unique_identifier,
          target_portfolio_uid: r.target_portfolio_uid,
          holdings_set_uid: r.holdings_set_uid,
          holdings: [],
        }
        funds.set(r.virtual_fund_uid, fund)
        const extra = r.extra_details ?? {}
        fund.holdings.push({
          time_index: r.time_index.toISOString(),
          asset_identifier: r.asset_identifier,
          asset: asset(r.asset_identifier),
          quantity: r.quantity,
          direction: r.direction,
          signed_quantity: r.signed_quantity,
          target_trade_time: iso(r.target_trade_time),
          extra_details: extra,
          allocation_strategy: r.allocation_strategy,
          allocation: {
            target_gap_signed_quantity: extra.target_gap_signed_quantity ?? null,
            scale: extra.scale ?? null,
            target_row_key: extra.target_row_key ?? null,
            position_set_uid: extra.position_set_uid ?? null,
          },
        })
      }
      return {
        account_uid: a.uid,
        source_account_holdings_set_uid: set.uid,
        holdings_date: set.time_index.toISOString(),
        funds: [...funds.values()],
        residuals: residuals
          .filter((r) => Number(r.residual_signed_quantity) !== 0)
          .map(({ in_source: _s, ...r }) => ({ ...r, asset: asset(r.asset_identifier) })),
        allocation_warnings: residuals
          .filter((r) => !r.in_source)
          .map(
            (r) =>
              `Virtual-fund allocation references asset_identifier '${r.asset_identifier}' that is not present in ` +
              `the source account holdings set.`,
          ),
      }
    },
  )

  app.get(
    `${BASE}/:account_uid/target-positions/`,
    {
      schema: {
        operationId: 'getAccountTargetPositions',
        summary: 'One target-positions snapshot of an account',
        tags: [TAG],
        params: AccountParams,
        querystring: TargetPositionsQuery,
        response: { 200: AccountTargetPositionsSnapshotResponse, ...ERRORS },
      },
    },
    async (request) => {
      const a = await load(request.params.account_uid)
      return service.targetPositionsSnapshot(app.sql, a.uid, request.query)
    },
  )

  app.post(
    `${BASE}/:account_uid/add-holdings/`,
    {
      schema: {
        operationId: 'addAccountHoldings',
        summary: 'Write a holdings snapshot',
        tags: [TAG],
        params: AccountParams,
        body: AddHoldingsRequest,
        response: { 200: AccountHoldingsSnapshotResponse, ...ERRORS },
      },
    },
    async (request) => {
      return service.addAccountHoldings(app.sql, request.params.account_uid, request.body)
    },
  )

  app.post(
    `${BASE}/:account_uid/add-target-positions/`,
    {
      schema: {
        operationId: 'addAccountTargetPositions',
        summary: 'Write a target-positions snapshot',
        tags: [TAG],
        params: AccountParams,
        body: AddTargetPositionsRequest,
        response: { 200: AccountTargetPositionsSnapshotResponse, ...ERRORS },
      },
    },
    async (request) => {
      return service.addAccountTargetPositions(app.sql, request.params.account_uid, request.body)
    },
  )
}

export default routes
