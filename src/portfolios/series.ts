/**
 * The two time-series frames a portfolio summary links to (the peer's getPortfolioValuesFrame and
 * getPortfolioSignalWeightsFrame): the portfolio's values and its signal's weights as `core.tabular_frame@v1`,
 * newest first by default.
 */
import { Type, type Static } from 'typebox'
import type { Sql } from '../db/client.ts'
import type { FrameField, TabularFrameResponse } from '../contracts/tabular-frame.ts'
import type { Portfolio } from './schemas.ts'

export const SeriesFrameQuery = Type.Object(
  {
    order: Type.Enum(['asc', 'desc'], { default: 'desc', description: 'newest (desc) or oldest (asc) rows first' }),
    limit: Type.Integer({ minimum: 1, maximum: 10_000, default: 100, description: 'rows at most' }),
  },
  { additionalProperties: false },
)
export type SeriesFrameQuery = Static<typeof SeriesFrameQuery>

const field = (
  key: string,
  label: string,
  type: FrameField['type'],
  description: string,
  nullable = true,
): FrameField => ({ key, label, type, description, nullable })

const VALUE_FIELDS = [
  field('time_index', 'Time', 'datetime', 'time of the value', false),
  field('close', 'Close', 'number', 'closing value of the portfolio'),
  field('return', 'Return', 'number', 'return over the previous value (decimal)'),
  field('calculated_close', 'Calculated close', 'number', 'close recomputed from the weights'),
  field('close_time', 'Close time', 'datetime', 'when the close was taken'),
]
const SIGNAL_FIELDS = [
  field('time_index', 'Time', 'datetime', 'time of the weights', false),
  field('signal_uid', 'Signal', 'string', 'signal that produced the weight', false),
  field('asset_identifier', 'Asset', 'string', 'asset the weight applies to', false),
  field('signal_weight', 'Signal weight', 'number', 'weight the signal asks for (decimal)'),
]

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v)

function frame(
  id: string,
  label: string,
  fields: FrameField[],
  rows: Record<string, unknown>[],
  context: Record<string, unknown>,
): TabularFrameResponse {
  const columns = fields.map((f) => f.key)
  return {
    status: 'ready',
    columns,
    rows: rows.map((r) => Object.fromEntries(columns.map((c) => [c, iso(r[c]) ?? null]))),
    fields,
    source: { kind: 'api', id, label, context },
  }
}

export async function valuesFrame(sql: Sql, p: Portfolio, q: SeriesFrameQuery): Promise<TabularFrameResponse> {
  const rows = await sql`select time_index, close, return, calculated_close, close_time from portfolio_values
                         where portfolio_identifier = ${p.unique_identifier} order by time_index
                           ${sql.unsafe(q.order)} limit ${q.limit}`
  return frame('getPortfolioValuesFrame', 'Portfolio values', VALUE_FIELDS, [...rows], {
    portfolio_uid: p.uid,
    portfolio_identifier: p.unique_identifier,
    order: q.order,
    limit: q.limit,
  })
}

/** Weights of the portfolio's signal; no signal, no rows. */
export async function signalWeightsFrame(sql: Sql, p: Portfolio, q: SeriesFrameQuery): Promise<TabularFrameResponse> {
  const rows = p.signal_uid
    ? await sql`select time_index, signal_uid, asset_identifier, signal_weight from signal_weights
                where signal_uid = ${p.signal_uid} order by time_index ${sql.unsafe(q.order)}, asset_identifier limit
                  ${q.limit}`
    : []
  return frame('getPortfolioSignalWeightsFrame', 'Portfolio signal weights', SIGNAL_FIELDS, [...rows], {
    portfolio_uid: p.uid,
    signal_uid: p.signal_uid,
    order: q.order,
    limit: q.limit,
  })
}
