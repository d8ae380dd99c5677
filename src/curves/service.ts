/** The rules and transactions of the pricing-curve registry; the SQL is in repository.ts. */
import type { Sql } from '../db/client.ts'
import { decodeCurve, decodePayload } from '../db/curve-payload.ts'
import { conflict, notFound } from '../http/errors.ts'
import * as repo from './repository.ts'
import type { Curve, CurveDeleteFlags, CurveDeleteResponse } from './schemas.ts'

export const missing = (uid: string) => notFound(`Pricing curve '${uid}' was not found.`)

/** The curve, or 404. */
export async function loadCurve(sql: Sql, uid: string): Promise<Curve> {
  return (await repo.findCurve(sql, uid)) ?? Promise.reject(missing(uid))
}

/**
 * Deletes a curve with the cleanups `flags` allow; 409 naming every selection or observation they do not cover.
 */
export async function deleteCurve(sql: Sql, uid: string, flags: CurveDeleteFlags): Promise<CurveDeleteResponse> {
  return sql.begin(async (tx) => {
    const curve = await repo.findCurve(tx, uid, true)
    if (!curve) throw missing(uid)
    const counts = await repo.countDependents(tx, curve)
    const blockers = [
      counts.selections > 0 && !flags.delete_curve_selections
        ? `${counts.selections} curve selection(s) reference it (pass delete_curve_selections=true to delete them)`
        : null,
      counts.observations > 0 && !flags.delete_values
        ? `${counts.observations} discount-curve observation(s) exist for '${curve.unique_identifier}' (pass ` +
          `delete_values=true to delete them)`
        : null,
    ].filter((b): b is string => b !== null)
    if (blockers.length)
      throw conflict(`Pricing curve '${curve.unique_identifier}' cannot be deleted: ${blockers.join('; ')}.`)
    const done = await repo.deleteCurve(tx, curve, flags)
    return {
      detail: `Deleted pricing curve '${curve.unique_identifier}'.`,
      uid: curve.uid,
      curve_identifier: curve.unique_identifier,
      deleted_count: 1,
      deleted_values_count: done.storage_cleanups.reduce((n, s) => n + s.deleted_count, 0),
      deleted_curve_selections_count: done.selections,
      deleted_curve_building_details_count: done.building_details,
      delete_values: flags.delete_values,
      delete_curve_selections: flags.delete_curve_selections,
      storage_cleanups: done.storage_cleanups,
    }
  })
}

/** One published observation of a curve in the `discount_curves` storage of a set, decompressed. */
export async function discountCurve(sql: Sql, uid: string, setRef: string, valuationDate: string | undefined) {
  const curve = await repo.findCurve(sql, uid)
  if (!curve) throw missing(uid)
  const set = await repo.findSetWithDiscountBinding(sql, setRef)
  if (!set) throw notFound(`Pricing market-data set '${setRef}' was not found.`)
  if (!set.binding_uid || !set.data_node_uid)
    throw notFound(`Market-data set '${set.set_key}' has no 'discount_curves' binding.`)
  const valuation = valuationDate ? new Date(valuationDate).toISOString() : undefined
  const found = await repo.findObservation(sql, set.data_node_uid, curve.unique_identifier, valuation)
  if (!found.row) {
    throw notFound(
      found.any
        ? `Curve '${curve.unique_identifier}' has no observation at or before ${valuation} in the 'discount_curves' ` +
            `storage of market-data set '${set.set_key}'.`
        : `Curve '${curve.unique_identifier}' and the 'discount_curves' binding of market-data set '${set.set_key}' ` +
            `exist, but no observation of the curve has been published in storage '${set.storage_table_identifier}'.`,
    )
  }
  // an inflation curve's nodes are dated: shown as days from the observation date
  const nodes = decodeCurve(found.row.curve, new Date(found.row.time_index).toISOString().slice(0, 10))
  return {
    curve_uid: curve.uid,
    curve_identifier: curve.unique_identifier,
    curve,
    market_data_set: { uid: set.set_uid, set_key: set.set_key, display_name: set.set_display_name },
    binding: {
      uid: set.binding_uid,
      concept_key: 'discount_curves',
      data_node_uid: set.data_node_uid,
      storage_table_identifier: set.storage_table_identifier,
    },
    valuation_date: valuation ?? null,
    effective_date: found.row.time_index.toISOString(),
    request_mode: valuation ? ('historical' as const) : ('latest' as const),
    nodes: nodes.days_to_maturity.map((d, i) => ({ days_to_maturity: d, zero: nodes.zero[i] })),
    key_nodes: found.row.key_nodes ? (decodePayload(found.row.key_nodes) as Record<string, unknown> | unknown[]) : null,
    metadata_json: curve.metadata_json,
  }
}
