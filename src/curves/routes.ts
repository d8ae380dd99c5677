/**
 * Pricing-curve registry (spec "Pricing curves"): registry rows only, never compressed payloads, except the
 * discount-curve route, which returns one observation decompressed. Deleting a curve is refused while
 * selections or observations remain that the request's flags do not cover.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { DeleteImpactResponse, buildDeleteImpact, type RelationshipFact } from '../contracts/delete-impact.ts'
import { FrontEndDetailSummary, summaryField } from '../contracts/summary.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { assertAlignedOffset, pagedCollection } from '../http/pagination.ts'
import * as repo from './repository.ts'
import * as service from './service.ts'
import {
  Curve,
  CurveCollection,
  CurveDeleteImpactQuery,
  CurveDeleteQuery,
  CurveDeleteResponse,
  CurveListQuery,
  CurveSelectionsQuery,
  CurveSelectionsResponse,
  DiscountCurveQuery,
  DiscountCurveResponse,
  type CurveDeleteFlags,
} from './schemas.ts'

const TAG = 'pricing curves'
const BASE = '/api/v1/pricing/curves'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }

/** The three curated relationships of a curve; a flag turns a blocking one into a cleanup the delete performs. */
function curveFacts(
  counts: repo.CurveDependents,
  flags: CurveDeleteFlags,
  samples?: Record<keyof repo.CurveDependents, Record<string, unknown>[]>,
): RelationshipFact[] {
  const facts: RelationshipFact[] = [
    {
      key: 'curve_building_details',
      label: 'Curve building details',
      model: 'curve_building_details',
      column: 'curve_uid',
      relationship_type: 'direct',
      on_delete: 'CASCADE',
      count: counts.building_details,
      treatment: 'cascade',
      description: 'How the curve is built from its nodes; deleted with the curve.',
    },
    {
      key: 'pricing_curve_selections',
      label: 'Curve selections',
      model: 'pricing_curve_selections',
      column: 'curve_uid',
      relationship_type: 'direct',
      on_delete: 'RESTRICT',
      count: counts.selections,
      treatment: flags.delete_curve_selections ? 'cleanup' : 'block',
      description: flags.delete_curve_selections
        ? 'Market-data-set curve selections of this curve; deleted because delete_curve_selections=true.'
        : 'Market-data-set curve selections of this curve; pass delete_curve_selections=true to delete them with it.',
    },
    {
      key: 'discount_curve_observations',
      label: 'Discount-curve observations',
      model: 'discount_curve_observations',
      column: 'curve_identifier',
      relationship_type: 'direct',
      on_delete: 'RESTRICT',
      count: counts.observations,
      treatment: flags.delete_values ? 'cleanup' : 'block',
      description: flags.delete_values
        ? "Published observations of this curve's identifier; deleted because delete_values=true."
        : "Published observations of this curve's identifier; pass delete_values=true to delete them with it.",
    },
  ]
  if (samples)
    for (const f of facts)
      f.samples =
        samples[
          (
            {
              curve_building_details: 'building_details',
              pricing_curve_selections: 'selections',
              discount_curve_observations: 'observations',
            } as const
          )[f.key as 'curve_building_details']
        ]
  return facts
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'listPricingCurves',
        summary: 'List pricing curves',
        tags: [TAG],
        querystring: CurveListQuery,
        response: { 200: CurveCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listCurves(app.sql, q))
    },
  )

  discoveryRoute(app, `${BASE}/discovery/`, 'discoverPricingCurves', TAG, {
    id: 'pricing-curves',
    label: 'Pricing curves',
    itemLabel: 'pricing curves',
    search: { placeholder: 'Search pricing curves', paths: ['unique_identifier'] },
    filters: [
      { key: 'curve_type', label: 'Curve type', type: 'text' },
      { key: 'source', label: 'Source', type: 'text' },
    ],
    columns: [
      { path: 'display_name', header: 'Name', importance: 'primary' },
      { path: 'unique_identifier', header: 'Identifier' },
      { path: 'curve_type', header: 'Curve type', filterKey: 'curve_type' },
      { path: 'currency_code', header: 'Currency' },
      { path: 'status', header: 'Status', type: 'badge' },
    ],
  })

  app.get(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'getPricingCurve',
        summary: 'Get a pricing curve',
        tags: [TAG],
        params: UidParams,
        response: { 200: Curve, ...ERRORS },
      },
    },
    async (request) => {
      return service.loadCurve(app.sql, request.params.uid)
    },
  )

  app.get(
    `${BASE}/:uid/summary/`,
    {
      schema: {
        operationId: 'getPricingCurveSummary',
        summary: 'Pricing curve summary',
        tags: [TAG],
        params: UidParams,
        response: { 200: FrontEndDetailSummary, ...ERRORS },
      },
    },
    async (request) => {
      const curve = await repo.findCurve(app.sql, request.params.uid)
      if (!curve) throw service.missing(request.params.uid)
      const count = await repo.countSelections(app.sql, curve.uid)
      const selectionsUrl = `${BASE}/${curve.uid}/curve-selections/`
      const badge = (key: string, label: string | null, tone: string) =>
        label ? [{ key, label, tone, link_url: null }] : []
      const optional = (key: string, label: string, value: string | null) =>
        value ? [summaryField(key, label, value, 'text')] : []
      return {
        entity: {
          id: curve.uid,
          type: 'pricing_curve',
          title: curve.display_name || curve.unique_identifier || curve.uid,
        },
        badges: [
          ...badge('curve_type', curve.curve_type, 'info'),
          ...badge('currency_code', curve.currency_code, 'neutral'),
          ...badge('quote_side', curve.quote_side, 'neutral'),
          ...badge('source', curve.source, 'neutral'),
        ],
        inline_fields: [
          summaryField('uid', 'UID', curve.uid, 'code'),
          summaryField('unique_identifier', 'Identifier', curve.unique_identifier, 'code'),
          summaryField('curve_selection_count', 'Curve selections', count, 'number', { link_url: selectionsUrl }),
        ],
        highlight_fields: [
          summaryField('display_name', 'Name', curve.display_name, 'text'),
          summaryField('curve_type', 'Curve type', curve.curve_type, 'text'),
          ...optional('currency_code', 'Currency', curve.currency_code),
          ...optional('interpolation_method', 'Interpolation', curve.interpolation_method),
          ...optional('compounding', 'Compounding', curve.compounding),
        ],
        stats: [],
        label_management: null,
        summary_warning: null,
        extensions: {
          curve,
          curve_selection_count: count,
          curve_selections_url: selectionsUrl,
          metadata_json: curve.metadata_json ?? {},
        },
      }
    },
  )

  app.get(
    `${BASE}/:uid/curve-selections/`,
    {
      schema: {
        operationId: 'listPricingCurveSelections',
        summary: 'Market-data-set selections of a curve',
        tags: [TAG],
        params: UidParams,
        querystring: CurveSelectionsQuery,
        response: { 200: CurveSelectionsResponse, ...ERRORS },
      },
    },
    async (request) => {
      const { limit, offset } = request.query
      assertAlignedOffset(limit, offset)
      const curve = await repo.findCurve(app.sql, request.params.uid)
      if (!curve) throw service.missing(request.params.uid)
      const [count, results] = await Promise.all([
        repo.countSelections(app.sql, curve.uid),
        repo.listSelections(app.sql, curve.uid, limit, offset),
      ])
      return {
        curve: {
          uid: curve.uid,
          unique_identifier: curve.unique_identifier,
          display_name: curve.display_name,
          curve_type: curve.curve_type,
        },
        count,
        results,
      }
    },
  )

  discoveryRoute(app, `${BASE}/:uid/curve-selections/discovery/`, 'discoverPricingCurveSelections', TAG, {
    id: 'pricing-curve-selections',
    label: 'Pricing curve selections',
    itemLabel: 'curve selections',
    identity: ['binding_uid'],
    columns: [
      { path: 'role_key', header: 'Role', importance: 'primary' },
      { path: 'status', header: 'Status', type: 'badge' },
      { path: 'source', header: 'Source' },
      { path: 'quote_side', header: 'Quote side' },
      { path: 'binding_uid', header: 'Binding UID' },
    ],
  })

  app.get(
    `${BASE}/:uid/delete-impact/`,
    {
      schema: {
        operationId: 'getPricingCurveDeleteImpact',
        summary: 'What deleting a pricing curve would do (read-only)',
        tags: [TAG],
        params: UidParams,
        querystring: CurveDeleteImpactQuery,
        response: { 200: DeleteImpactResponse, ...ERRORS },
      },
    },
    async (request) => {
      const curve = await repo.findCurve(app.sql, request.params.uid)
      if (!curve) throw service.missing(request.params.uid)
      const q = request.query
      const [counts, samples] = await Promise.all([
        repo.countDependents(app.sql, curve),
        q.include_samples && q.sample_limit > 0 ? repo.dependentSamples(app.sql, curve, q.sample_limit) : undefined,
      ])
      return buildDeleteImpact(
        {
          resource_type: 'pricing_curve',
          uid: curve.uid,
          identifier: curve.unique_identifier,
          display_name: curve.display_name,
          delete_endpoint: `${BASE}/${curve.uid}/`,
        },
        curveFacts(counts, q, samples),
      )
    },
  )

  app.delete(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'deletePricingCurve',
        summary: 'Delete a pricing curve',
        tags: [TAG],
        params: UidParams,
        querystring: CurveDeleteQuery,
        response: { 200: CurveDeleteResponse, ...ERRORS },
      },
    },
    async (request) => {
      return service.deleteCurve(app.sql, request.params.uid, request.query)
    },
  )

  app.get(
    `${BASE}/:uid/discount-curve/`,
    {
      schema: {
        operationId: 'getPricingDiscountCurve',
        summary: 'One published observation of a curve, decompressed',
        tags: [TAG],
        params: UidParams,
        querystring: DiscountCurveQuery,
        response: { 200: DiscountCurveResponse, ...ERRORS },
      },
    },
    async (request) => {
      const { market_data_set, valuation_date } = request.query
      return service.discountCurve(app.sql, request.params.uid, market_data_set, valuation_date)
    },
  )
}

export default routes
