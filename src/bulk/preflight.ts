/**
 * The preflight of a bulk delete: validates the request (route-level 400s of reference §13.1), resolves every uid
 * and collects blockers. Read-only; the job runs the same check again under row locks before deleting.
 */
import type { BulkActionPreflightResponse, BulkActionRequest } from '../contracts/bulk-action.ts'
import { badRequest, unprocessable } from '../http/errors.ts'
import { findMissing, type Queryable } from './deletions/queryable.ts'
import type { BulkResource } from './resources.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The selection's uids, canonical (lowercase) and in request order. Throws the peer's 400s. */
export function selectedUids(body: BulkActionRequest): string[] {
  if (body.selection.mode !== 'explicit') throw badRequest('This bulk action supports only explicit UID selection.')
  const options = Object.keys(body.options).sort()
  if (options.length) throw badRequest(`This bulk action does not support options: ${options.join(', ')}.`)
  const uids = body.selection.uids
  if (!uids) throw unprocessable('body.selection.uids: field required for an explicit selection')
  if (body.selection.query !== undefined)
    throw unprocessable("body.selection: unknown field 'query' for an explicit selection")
  for (const uid of uids) {
    if (!UUID.test(uid)) throw badRequest(`Bulk-action resource id ${JSON.stringify(uid)} is not a UUID.`)
  }
  // the schema rejects exact duplicates (422); the same uid written in two letter cases is one uid
  return [...new Set(uids.map((u) => u.toLowerCase()))]
}

export interface Check {
  matched: number
  blockers: string[]
}

/** Missing uids and protected references, in request order; with `lock`, the existing rows stay locked. */
export async function checkSelection(
  db: Queryable,
  resource: BulkResource,
  uids: string[],
  lock = false,
): Promise<Check> {
  const missing = await findMissing(db, resource.table, uids, lock)
  // the blocker queries return rows only for existing, blocked uids: the whole selection can go as it is
  const perItem = await resource.findBlockers(db, uids)
  const blockers: string[] = []
  for (const uid of uids) {
    if (missing.has(uid)) {
      blockers.push(`${resource.subject} ${uid} was not found.`)
      continue
    }
    for (const sentence of perItem.get(uid) ?? [])
      blockers.push(resource.prefixBlockers ? `${resource.subject} ${uid}: ${sentence}` : sentence)
  }
  return { matched: uids.length - missing.size, blockers }
}

export function preflightResponse(resource: BulkResource, uids: string[], check: Check): BulkActionPreflightResponse {
  const allowed = uids.length > 0 && check.blockers.length === 0
  const n = check.matched
  return {
    allowed,
    detail: allowed
      ? `${n} ${n === 1 ? resource.singular : resource.plural} ${n === 1 ? 'is' : 'are'} ready for deletion.`
      : `The ${resource.selectionNoun} selection cannot be deleted as submitted.`,
    matched_count: n,
    blockers: check.blockers,
    warnings: [],
  }
}
