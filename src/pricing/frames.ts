/**
 * The two direct frame operations: the cashflow responses re-shaped as `core.tabular_frame@v1`, so a generic
 * table widget can bind to them. The provider-native responses stay as they are.
 */
import type { FrameField, TabularFrameResponse } from '../contracts/tabular-frame.ts'
import type { FrameSpec } from './operations.ts'

type Row = Record<string, unknown>

const LEADING: Record<FrameSpec['rows'], string[]> = {
  legs: ['leg', 'payment_date', 'amount', 'rate'],
  cashflows: ['payment_date', 'net_cashflow'],
}
const TYPES: Record<string, FrameField['type']> = {
  leg: 'string',
  payment_date: 'date',
  amount: 'number',
  rate: 'number',
  net_cashflow: 'number',
}
const DESCRIPTIONS: Record<string, string> = {
  leg: 'Leg of the cash flow (fixed, floating, amortization, redemption)',
  payment_date: 'Payment date',
  amount: 'Amount in currency',
  rate: 'Coupon rate (decimal)',
  net_cashflow: 'Sum of the amounts paid on the date, in currency',
}

const titleCase = (key: string) =>
  key
    .split('_')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ')

function rowsOf(spec: FrameSpec, result: Row): Row[] {
  if (spec.rows === 'cashflows') return (result.cashflows as Row[]) ?? []
  const legs = (result.legs as Record<string, Row[] | undefined>) ?? {}
  return Object.entries(legs).flatMap(([leg, rows]) => (rows ?? []).map((r) => ({ leg, ...r })))
}

export interface FrameContext {
  asset_uid: string
  instrument_type: string
  operation: string
  valuation_date: string
  market_data_set: string
}

export function toFrame(spec: FrameSpec, result: Row, context: FrameContext): TabularFrameResponse {
  const rows = rowsOf(spec, result)
  const leading = LEADING[spec.rows]
  const extra = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => !leading.includes(k)).sort()
  const columns = [...leading, ...extra]
  // every row carries every column (null where a leg has no such value), so the frame is rectangular
  const table = rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null])))
  // absent attributes are left out, never null (the peer serializes frames without None values)
  const fields: FrameField[] = columns.map((key) => ({
    key,
    label: titleCase(key),
    ...(DESCRIPTIONS[key] ? { description: DESCRIPTIONS[key] } : {}),
    type: TYPES[key] ?? 'unknown',
    nullable: table.some((r) => r[key] === null),
    provenance: 'manual',
    warnings: [],
  }))
  return {
    status: 'ready',
    columns,
    rows: table,
    fields,
    source: { kind: 'api', id: spec.operationId, label: spec.label, updatedAtMs: Date.now(), context: { ...context } },
  }
}
