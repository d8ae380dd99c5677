/**
 * Writing market data and bonds over HTTP (issue 37, `write` scope): the loader's bundle (`POST
 * /api/v1/pricing/bundles/`, `?dry_run=true` as `npm run load -- --check`), one dated curve observation into a
 * market-data set's `discount_curves` storage, and fixings into its `fixing_rates` storage. Each goes through the
 * loader's own checks and writer (src/db/bundle/), in one transaction; PostgreSQL's notifications then clear every
 * instance's caches, so the next price reads it. Observations are immutable (the same content again: 200, other
 * content: 409); a fixing's correction is allowed and answered (and so audited) as such.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { DateTime, ErrorResponse, JsonObject, Uid } from '../contracts/common.ts'
import { decodeCurve, decodePayload } from '../db/curve-payload.ts'
import { loadBundle } from '../db/bundle/load.ts'
import { validateBundle, type BundleIssue } from '../db/bundle/validate.ts'
import { BundleValidationError } from '../db/bundle/issues.ts'
import { conflict, HttpError, notFound } from '../http/errors.ts'
import { existingFixings, existingObservation, findCurve, findIndex, setStorage } from './repository.ts'

const TAG = 'market data ingestion'
const ERRORS = { 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 503: ErrorResponse }
const MarketDataSet = Type.String({ minLength: 1, pattern: '\\S', description: 'market-data set key or uid' })
const Issue = Type.Object({ path: Type.String(), message: Type.String() }, { additionalProperties: false })

/** Issues a refusal lists: a bundle with thousands of bad rows is refused in a few lines, not a few megabytes. */
const SHOWN_ISSUES = 20

/**
 * The loader's refusal as a 422: its issues, one line each, as `npm run load -- --check` prints them (the first
 * SHOWN_ISSUES of them, and how many more).
 */
function refusal(error: unknown): never {
  if (error instanceof BundleValidationError) {
    const shown = error.issues.slice(0, SHOWN_ISSUES)
    const more = error.issues.length - shown.length
    const lines = new BundleValidationError(shown).message.split('\n').slice(1)
    const detail = more
      ? [`the bundle has ${error.issues.length} errors:`, ...lines, `  … and ${more} more`].join('\n')
      : error.message
    throw new HttpError(
      422,
      detail,
      shown.map((i) => ({ location: i.path, message: i.message })),
    )
  }
  throw error
}

const BundleResponse = Type.Object(
  {
    dry_run: Type.Boolean(),
    written: Type.Record(Type.String(), Type.Integer(), {
      description: 'rows written per kind (dry run: what would be written)',
    }),
    warnings: Type.Array(Issue),
  },
  { additionalProperties: false, title: 'BundleLoadResponse' },
)

const Node = Type.Object(
  { days_to_maturity: Type.Integer({ minimum: 0 }), zero: Type.Number() },
  { additionalProperties: false },
)
const ObservationRequest = Type.Object(
  {
    market_data_set: MarketDataSet,
    time_index: DateTime,
    nodes: Type.Array(Node, { minItems: 1, maxItems: 2000 }),
    key_nodes: Type.Optional(Type.Array(JsonObject, { maxItems: 2000 })),
  },
  { additionalProperties: false, title: 'CurveObservationRequest' },
)
const ObservationResponse = Type.Object(
  {
    status: Type.Enum(['created', 'unchanged']),
    curve_uid: Type.String(),
    curve_identifier: Type.String(),
    market_data_set: Type.String(),
    data_node_uid: Type.String(),
    time_index: DateTime,
    nodes_count: Type.Integer(),
  },
  { additionalProperties: false, title: 'CurveObservationResponse' },
)

const FixingsRequest = Type.Object(
  {
    market_data_set: MarketDataSet,
    fixings: Type.Array(
      Type.Object(
        { date: Type.String({ format: 'date', description: 'YYYY-MM-DD' }), rate: Type.Number() },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100_000 },
    ),
  },
  { additionalProperties: false, title: 'FixingsRequest' },
)
const FixingsResponse = Type.Object(
  {
    index_uid: Type.String(),
    index_identifier: Type.String(),
    market_data_set: Type.String(),
    data_node_uid: Type.String(),
    written_count: Type.Integer(),
    corrected_count: Type.Integer({ description: 'dates that held another rate before' }),
    corrected: Type.Array(
      Type.Object(
        { date: Type.String(), previous: Type.Number(), rate: Type.Number() },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'FixingsResponse' },
)

const sameNodes = (
  a: { days_to_maturity: number[]; zero: number[] },
  b: { days_to_maturity: number; zero: number }[],
) => {
  const sorted = [...b].sort((x, y) => x.days_to_maturity - y.days_to_maturity)
  return (
    a.days_to_maturity.length === sorted.length &&
    sorted.every((n, i) => n.days_to_maturity === a.days_to_maturity[i] && n.zero === a.zero[i])
  )
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/pricing/bundles/',
    {
      bodyLimit: app.config.bundleBodyLimitBytes,
      schema: {
        operationId: 'loadPricingBundle',
        summary: "Load a data bundle (the loader's format) over HTTP",
        description:
          "Takes the loader's bundle (its JSON Schema: src/db/bundle/bundle.schema.json, `npm run bundle-schema`), " +
          'checks it as `npm run load` does (the same messages, each with its JSON path, as a 422) and writes it in ' +
          'one transaction, idempotent by uid. `?dry_run=true` checks and writes nothing ' +
          '(`npm run load -- --check`). ' +
          'Answers the rows written per kind and the warnings. Its own size limit: BUNDLE_BODY_LIMIT_BYTES.',
        tags: [TAG],
        querystring: Type.Object(
          { dry_run: Type.Optional(Type.Boolean({ default: false, description: 'check only, write nothing' })) },
          { additionalProperties: false },
        ),
        body: { ...JsonObject, title: 'DataBundle', description: 'a bundle as `npm run load` reads it' },
        response: { 200: BundleResponse, 413: ErrorResponse, ...ERRORS },
      },
    },
    async (request) => {
      const warnings: BundleIssue[] = []
      if (request.query.dry_run) {
        const { bundle, warnings: found } = await validateBundle(request.body, app.sql).catch(refusal)
        const written = Object.fromEntries(
          Object.entries(bundle)
            .filter(([, v]) => Array.isArray(v) && v.length)
            .map(([k, v]) => [k, (v as unknown[]).length]),
        )
        return { dry_run: true, written, warnings: found.map((w) => ({ path: w.path, message: w.message })) }
      }
      const written = await loadBundle(app.sql, request.body, { onWarning: (w) => warnings.push(w) }).catch(refusal)
      return { dry_run: false, written, warnings: warnings.map((w) => ({ path: w.path, message: w.message })) }
    },
  )

  app.post(
    '/api/v1/pricing/curves/:uid/observations/',
    {
      schema: {
        operationId: 'publishPricingCurveObservation',
        summary: 'Publish one dated observation of a curve',
        description:
          'Writes the observation (nodes as days_to_maturity and zero rate, optional key nodes) into the storage of ' +
          "`market_data_set`'s `discount_curves` binding, after the loader's checks. Observations are immutable: " +
          'the same time_index again with the same nodes answers 200 (`unchanged`), with other nodes 409.',
        tags: [TAG],
        params: Type.Object({ uid: Uid }, { additionalProperties: false }),
        body: ObservationRequest,
        response: { 200: ObservationResponse, 201: ObservationResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const body = request.body
      const curve = await findCurve(app.sql, request.params.uid)
      if (!curve) throw notFound(`Pricing curve '${request.params.uid}' was not found.`)
      const node = await setStorage(app.sql, body.market_data_set, 'discount_curves')
      const time = new Date(body.time_index).toISOString()
      const base = {
        curve_uid: curve.uid,
        curve_identifier: curve.identifier,
        market_data_set: body.market_data_set,
        data_node_uid: node,
        time_index: time,
        nodes_count: body.nodes.length,
      }
      const existing = await existingObservation(app.sql, node, curve.identifier, time)
      if (existing) {
        const sameKeys =
          JSON.stringify(existing.key_nodes ? decodePayload(existing.key_nodes) : null) ===
          JSON.stringify(body.key_nodes ?? null)
        const same = sameNodes(decodeCurve(existing.curve), body.nodes) && sameKeys
        if (same) return { status: 'unchanged' as const, ...base }
        throw conflict(
          `Curve '${curve.identifier}' already has an observation at ${time} in storage ${node} with other nodes: ` +
            'observations are immutable; publish a new time_index.',
        )
      }
      await loadBundle(app.sql, {
        curve_observations: [
          {
            data_node_uid: node,
            curve_identifier: curve.identifier,
            time_index: time,
            nodes: body.nodes,
            ...(body.key_nodes ? { key_nodes: body.key_nodes } : {}),
          },
        ],
      }).catch(refusal)
      reply.code(201)
      return { status: 'created' as const, ...base }
    },
  )

  app.post(
    '/api/v1/index/:uid/fixings/',
    {
      schema: {
        operationId: 'publishIndexFixings',
        summary: "Publish an index's fixings",
        description:
          "Writes `[{date, rate}]` into the storage of `market_data_set`'s `fixing_rates` binding, after the " +
          "loader's checks. A date that held another rate is corrected, and the answer (and the audit trail) lists it.",
        tags: [TAG],
        params: Type.Object({ uid: Uid }, { additionalProperties: false }),
        body: FixingsRequest,
        response: { 200: FixingsResponse, ...ERRORS },
      },
    },
    async (request) => {
      const body = request.body
      const index = await findIndex(app.sql, request.params.uid)
      if (!index) throw notFound(`Index '${request.params.uid}' was not found.`)
      const node = await setStorage(app.sql, body.market_data_set, 'fixing_rates')
      const before = await existingFixings(
        app.sql,
        node,
        index.identifier,
        body.fixings.map((f) => f.date),
      )
      const corrected = body.fixings.flatMap((f) => {
        const previous = before.get(f.date)
        return previous !== undefined && previous !== f.rate ? [{ date: f.date, previous, rate: f.rate }] : []
      })
      await loadBundle(app.sql, {
        fixings: [{ data_node_uid: node, index_identifier: index.identifier, fixings: body.fixings }],
      }).catch(refusal)
      return {
        index_uid: index.uid,
        index_identifier: index.identifier,
        market_data_set: body.market_data_set,
        data_node_uid: node,
        written_count: body.fixings.length,
        corrected_count: corrected.length,
        corrected,
      }
    },
  )
}

export default routes
