/**
 * Pricing market data (spec "Pricing market data"): the card, sets and their concept bindings. A set deleted
 * takes its bindings and curve selections with it (foreign-key cascade). Writes run in one transaction; a
 * unique conflict answers 409 (set_key; one binding per set and concept) and a reference to a set or data node
 * that does not exist answers 422 naming the field.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { pagedCollection } from '../http/pagination.ts'
import * as repo from './repository.ts'
import * as service from './service.ts'
import {
  BindingListQuery,
  DeleteResult,
  MarketDataBinding,
  MarketDataBindingCollection,
  MarketDataBindingCreate,
  MarketDataBindingUpdate,
  MarketDataCard,
  MarketDataSet,
  MarketDataSetCollection,
  MarketDataSetCreate,
  MarketDataSetUpdate,
  ResolveQuery,
  ResolveResponse,
  SetBindingListQuery,
  SetBindingsParams,
  SetKeyParams,
  SetListQuery,
} from './schemas.ts'

const TAG = 'pricing market data'
const BASE = '/api/v1/pricing/market_data'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }

const CARD = {
  resource: 'pricing_market_data',
  description: 'Manage pricing market-data sets and concept bindings.',
  resources: [
    {
      key: 'sets',
      model: 'PricingMarketDataSet',
      list_url: `${BASE}/sets/`,
      create_url: `${BASE}/sets/`,
      upsert_url: `${BASE}/sets/upsert/`,
    },
    {
      key: 'bindings',
      model: 'PricingMarketDataSetBinding',
      list_url: `${BASE}/bindings/`,
      create_url: `${BASE}/bindings/`,
      upsert_url: `${BASE}/bindings/upsert/`,
    },
  ],
}

const BINDING_COLUMNS = [
  { path: 'concept_key', header: 'Concept', importance: 'primary' },
  { path: 'source', header: 'Source' },
  { path: 'data_node_uid', header: 'Data node' },
  { path: 'storage_table_identifier', header: 'Storage' },
  { path: 'uid', header: 'UID' },
]

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'getPricingMarketDataCard',
        summary: 'Pricing market data resources',
        tags: [TAG],
        response: { 200: MarketDataCard },
      },
    },
    async () => CARD,
  )

  // ------------------------------------------------------------------ sets
  app.get(
    `${BASE}/sets/`,
    {
      schema: {
        operationId: 'listPricingMarketDataSets',
        summary: 'List market-data sets',
        tags: [TAG],
        querystring: SetListQuery,
        response: { 200: MarketDataSetCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listSets(app.sql, q))
    },
  )
  discoveryRoute(app, `${BASE}/sets/discovery/`, 'discoverPricingMarketDataSets', TAG, {
    id: 'pricing-market-data-sets',
    label: 'Pricing market-data sets',
    itemLabel: 'market-data sets',
    filters: [
      { key: 'status', label: 'Status', type: 'text' },
      { key: 'set_key', label: 'Set key', type: 'text' },
    ],
    columns: [
      { path: 'display_name', header: 'Name', importance: 'primary' },
      { path: 'set_key', header: 'Set key', filterKey: 'set_key' },
      { path: 'status', header: 'Status', type: 'badge', filterKey: 'status' },
      { path: 'description', header: 'Description' },
      { path: 'uid', header: 'UID' },
    ],
  })
  app.get(
    `${BASE}/sets/by-key/:set_key/`,
    {
      schema: {
        operationId: 'getPricingMarketDataSetByKey',
        summary: 'Get a market-data set by key',
        tags: [TAG],
        params: SetKeyParams,
        response: { 200: MarketDataSet, ...ERRORS },
      },
    },
    async (request) => {
      const key = request.params.set_key.trim()
      if (!key) throw badRequest('set_key must not be blank.')
      return (await repo.findSetByKey(app.sql, key)) ?? Promise.reject(service.setMissing(key))
    },
  )
  app.get(
    `${BASE}/sets/:uid/`,
    {
      schema: {
        operationId: 'getPricingMarketDataSet',
        summary: 'Get a market-data set',
        tags: [TAG],
        params: UidParams,
        response: { 200: MarketDataSet, ...ERRORS },
      },
    },
    async (request) => {
      return service.loadSet(app.sql, request.params.uid)
    },
  )
  app.post(
    `${BASE}/sets/`,
    {
      schema: {
        operationId: 'createPricingMarketDataSet',
        summary: 'Create a market-data set',
        tags: [TAG],
        body: MarketDataSetCreate,
        response: { 201: MarketDataSet, ...ERRORS },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await service.createSet(app.sql, request.body))
    },
  )
  app.post(
    `${BASE}/sets/upsert/`,
    {
      schema: {
        operationId: 'upsertPricingMarketDataSet',
        summary: 'Create or replace a market-data set by set_key',
        tags: [TAG],
        body: MarketDataSetCreate,
        response: { 200: MarketDataSet, ...ERRORS },
      },
    },
    async (request) => {
      return service.upsertSet(app.sql, request.body)
    },
  )
  app.patch(
    `${BASE}/sets/:uid/`,
    {
      schema: {
        operationId: 'updatePricingMarketDataSet',
        summary: 'Update a market-data set',
        tags: [TAG],
        params: UidParams,
        body: MarketDataSetUpdate,
        response: { 200: MarketDataSet, ...ERRORS },
      },
    },
    async (request) => {
      return service.updateSet(app.sql, request.params.uid, request.body)
    },
  )
  app.delete(
    `${BASE}/sets/:uid/`,
    {
      schema: {
        operationId: 'deletePricingMarketDataSet',
        summary: 'Delete a market-data set with its bindings and curve selections',
        tags: [TAG],
        params: UidParams,
        response: { 200: DeleteResult, ...ERRORS },
      },
    },
    async (request) => {
      return service.deleteSet(app.sql, request.params.uid)
    },
  )

  // ------------------------------------------------------------------ bindings
  app.get(
    `${BASE}/bindings/`,
    {
      schema: {
        operationId: 'listPricingMarketDataBindings',
        summary: 'List concept bindings',
        tags: [TAG],
        querystring: BindingListQuery,
        response: { 200: MarketDataBindingCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listBindings(app.sql, q))
    },
  )
  discoveryRoute(app, `${BASE}/bindings/discovery/`, 'discoverPricingMarketDataBindings', TAG, {
    id: 'pricing-market-data-bindings',
    label: 'Pricing market-data bindings',
    itemLabel: 'bindings',
    filters: [
      { key: 'market_data_set_uid', label: 'Market-data set UID', type: 'text' },
      { key: 'concept_key', label: 'Concept', type: 'text' },
    ],
    columns: BINDING_COLUMNS,
  })
  app.get(
    `${BASE}/sets/:market_data_set_uid/bindings/`,
    {
      schema: {
        operationId: 'listPricingMarketDataSetBindings',
        summary: 'List the bindings of one set',
        tags: [TAG],
        params: SetBindingsParams,
        querystring: SetBindingListQuery,
        response: { 200: MarketDataBindingCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) =>
        repo.listBindings(app.sql, { ...q, market_data_set_uid: request.params.market_data_set_uid }),
      )
    },
  )
  discoveryRoute(
    app,
    `${BASE}/sets/:market_data_set_uid/bindings/discovery/`,
    'discoverPricingMarketDataSetBindings',
    TAG,
    {
      id: 'pricing-market-data-set-bindings',
      label: 'Market-data set bindings',
      itemLabel: 'bindings',
      columns: BINDING_COLUMNS,
    },
  )
  app.get(
    `${BASE}/bindings/resolve/`,
    {
      schema: {
        operationId: 'resolvePricingMarketDataBinding',
        summary: 'The data node a set binds to a concept',
        tags: [TAG],
        querystring: ResolveQuery,
        response: { 200: ResolveResponse, ...ERRORS },
      },
    },
    async (request) => {
      const conceptKey = request.query.concept_key.trim()
      const setRef = (request.query.market_data_set ?? 'default').trim()
      if (!conceptKey) throw badRequest('concept_key must not be blank.')
      if (!setRef) throw badRequest('market_data_set must not be blank.')
      const found = await repo.resolveBinding(app.sql, setRef, conceptKey)
      if (!found) throw service.setMissing(setRef)
      if (!found.data_node_uid) throw notFound(`Market-data set '${found.set_key}' has no '${conceptKey}' binding.`)
      return {
        market_data_set: request.query.market_data_set ?? null,
        concept_key: conceptKey,
        data_node_uid: found.data_node_uid,
      }
    },
  )
  app.get(
    `${BASE}/bindings/:uid/`,
    {
      schema: {
        operationId: 'getPricingMarketDataBinding',
        summary: 'Get a concept binding',
        tags: [TAG],
        params: UidParams,
        response: { 200: MarketDataBinding, ...ERRORS },
      },
    },
    async (request) => {
      return service.loadBinding(app.sql, request.params.uid)
    },
  )
  app.post(
    `${BASE}/bindings/`,
    {
      schema: {
        operationId: 'createPricingMarketDataBinding',
        summary: 'Create a concept binding',
        tags: [TAG],
        body: MarketDataBindingCreate,
        response: { 201: MarketDataBinding, ...ERRORS },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await service.createBinding(app.sql, request.body))
    },
  )
  app.post(
    `${BASE}/bindings/upsert/`,
    {
      schema: {
        operationId: 'upsertPricingMarketDataBinding',
        summary: 'Create or replace a binding by (set, concept)',
        tags: [TAG],
        body: MarketDataBindingCreate,
        response: { 200: MarketDataBinding, ...ERRORS },
      },
    },
    async (request) => {
      return service.upsertBinding(app.sql, request.body)
    },
  )
  app.patch(
    `${BASE}/bindings/:uid/`,
    {
      schema: {
        operationId: 'updatePricingMarketDataBinding',
        summary: 'Update a concept binding',
        tags: [TAG],
        params: UidParams,
        body: MarketDataBindingUpdate,
        response: { 200: MarketDataBinding, ...ERRORS },
      },
    },
    async (request) => {
      return service.updateBinding(app.sql, request.params.uid, request.body)
    },
  )
  app.delete(
    `${BASE}/bindings/:uid/`,
    {
      schema: {
        operationId: 'deletePricingMarketDataBinding',
        summary: 'Delete a concept binding',
        tags: [TAG],
        params: UidParams,
        response: { 200: DeleteResult, ...ERRORS },
      },
    },
    async (request) => {
      return service.deleteBinding(app.sql, request.params.uid)
    },
  )
}

export default routes
