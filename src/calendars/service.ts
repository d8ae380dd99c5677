/**
 * The rules and transactions of calendars and of their dates, sessions and events; the SQL is in repository.ts.
 * A child is always addressed under its calendar: a row of another calendar is 404. Child writes check the calendar
 * exists (404), natural-key duplicates (409, or 422 inside one bulk request) and the spec's service rules (422).
 */
import type { Sql, TransactionSql } from '../db/client.ts'
import { chunksForParameters, retryingTransaction } from '../db/transaction.ts'
import { jsonValue, sentFields } from '../db/values.ts'
import { conflict, conflictOnDuplicate, notFound, unprocessable } from '../http/errors.ts'
import { pagedCollection } from '../http/pagination.ts'
import type { ChildSpec } from './children.ts'
import { isTimeZone, upperSnake } from './children-specs.ts'
import * as repo from './repository.ts'
import type { Calendar, CalendarCreate, CalendarUpdate } from './schemas.ts'

type Values = Record<string, unknown>

export const missing = (uid: string) => notFound(`Calendar '${uid}' was not found.`)

function checkCalendar(v: { timezone?: unknown; valid_from?: unknown; valid_to?: unknown }): void {
  if (typeof v.timezone === 'string' && !isTimeZone(v.timezone))
    throw unprocessable(`body.timezone: '${v.timezone}' is not a known time zone.`)
  if (typeof v.valid_from === 'string' && typeof v.valid_to === 'string' && v.valid_to < v.valid_from) {
    throw unprocessable(`body.valid_to: ${v.valid_to} is before valid_from ${v.valid_from}.`)
  }
}

/** The calendar, or 404. */
export async function loadCalendar(sql: Sql, uid: string): Promise<Calendar> {
  return (await repo.findCalendar(sql, uid)) ?? Promise.reject(missing(uid))
}

export async function createCalendar(sql: Sql, b: CalendarCreate): Promise<Calendar> {
  checkCalendar(b)
  return sql
    .begin((tx) =>
      repo.insertCalendar(tx, {
        unique_identifier: b.unique_identifier.trim(),
        display_name: b.display_name.trim(),
        calendar_type: upperSnake(b.calendar_type),
        timezone: b.timezone ?? 'UTC',
        source: b.source ?? null,
        source_identifier: b.source_identifier ?? null,
        valid_from: b.valid_from,
        valid_to: b.valid_to,
        metadata_json: jsonValue(tx, b.metadata_json),
      }),
    )
    .catch(
      conflictOnDuplicate(() => `A calendar with unique_identifier '${b.unique_identifier.trim()}' already exists.`),
    )
}

export async function updateCalendar(sql: Sql, uid: string, b: CalendarUpdate): Promise<Calendar> {
  return sql.begin(async (tx) => {
    const current = await repo.findCalendar(tx, uid, true)
    if (!current) throw missing(uid)
    const patch = sentFields(b, [
      'display_name',
      'calendar_type',
      'timezone',
      'source',
      'source_identifier',
      'valid_from',
      'valid_to',
      'metadata_json',
    ])
    if (Object.keys(patch).length === 0) return current
    if (typeof patch.calendar_type === 'string') patch.calendar_type = upperSnake(patch.calendar_type)
    // one bound sent: it must still fit the stored other bound
    checkCalendar({ ...current, ...patch })
    if ('metadata_json' in patch) patch.metadata_json = jsonValue(tx, patch.metadata_json)
    return repo.updateCalendar(tx, current.uid, patch)
  })
}

/** Deletes a calendar with its dates, sessions and events; 409 while portfolios use it. */
export async function deleteCalendar(sql: Sql, uid: string): Promise<void> {
  await sql.begin(async (tx) => {
    const c = await repo.findCalendar(tx, uid, true)
    if (!c) throw missing(uid)
    const portfolios = await repo.portfoliosOnCalendar(tx, c.uid)
    if (portfolios > 0)
      throw conflict(`Calendar '${c.unique_identifier}' cannot be deleted while ${portfolios} portfolio(s) use it.`)
    await repo.deleteCalendar(tx, c.uid)
  })
}

// ---- dates, sessions and events

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v)
const toWire = (row: Values): Values => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)]))

const missingChild = (spec: ChildSpec, uid: string) =>
  notFound(`Calendar ${spec.noun.toLowerCase()} '${uid}' was not found in this calendar.`)
const duplicate = (spec: ChildSpec, v: Values) =>
  `A calendar ${spec.noun.toLowerCase()} with the same ${spec.key.join(', ')} ` +
  `(${spec.key.map((k) => String(v[k] ?? null)).join(', ')}) already exists in this calendar.`

async function requireCalendar(db: Sql | TransactionSql, uid: string, lock = false): Promise<void> {
  if (!(await repo.calendarExists(db, uid, lock))) throw missing(uid)
}

export async function listChildren(
  sql: Sql,
  spec: ChildSpec,
  calendarUid: string,
  query: Values & { limit: number; offset: number },
) {
  await requireCalendar(sql, calendarUid)
  return pagedCollection(query, async (q) => {
    const { rows, total } = await repo.listChildren(sql, spec, calendarUid, q)
    return { rows: rows.map(toWire), total }
  })
}

export async function getChild(sql: Sql, spec: ChildSpec, calendarUid: string, uid: string): Promise<Values> {
  const row = await repo.findChild(sql, spec, calendarUid, uid)
  if (!row) throw missingChild(spec, uid)
  return toWire(row)
}

export async function createChild(sql: Sql, spec: ChildSpec, calendarUid: string, body: Values): Promise<Values> {
  const v = spec.materialize(body)
  spec.check?.(v, 'body')
  return sql
    .begin(async (tx) => {
      await requireCalendar(tx, calendarUid, true)
      return toWire(await repo.insertChild(tx, spec, { ...v, calendar_uid: calendarUid }))
    })
    .catch(conflictOnDuplicate(() => duplicate(spec, v)))
}

/** Creates or replaces rows by their natural key, all or nothing; answers in the request's order. */
export async function bulkUpsertChildren(
  sql: Sql,
  spec: ChildSpec,
  calendarUid: string,
  bodyRows: Values[],
): Promise<Values[]> {
  const rows = bodyRows.map((r, i) => {
    const v = spec.materialize(r)
    spec.check?.(v, `body.rows[${i}]`)
    return v
  })
  const keys = rows.map((v) => JSON.stringify(spec.key.map((k) => v[k] ?? null)))
  const seen = new Map<string, number>()
  keys.forEach((key, i) => {
    const first = seen.get(key)
    if (first !== undefined)
      throw unprocessable(
        `body.rows[${i}] repeats the key of body.rows[${first}] ` +
          `(${spec.key.map((k) => `${k}=${String(rows[i][k] ?? null)}`).join(', ')}).`,
      )
    seen.set(key, i)
  })
  if (rows.length === 0) {
    await requireCalendar(sql, calendarUid)
    return []
  }
  const columns = Object.keys(rows[0])
  // Rows are written in key order, so concurrent upserts of overlapping rows lock them in one order and do
  // not deadlock; chunks keep each statement under the bind-parameter limit; one transaction keeps it all or
  // nothing, and a collision that still happens is retried whole.
  const order = rows.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0))
  return retryingTransaction(sql, async (tx) => {
    await requireCalendar(tx, calendarUid, true)
    const out: Values[] = new Array<Values>(rows.length)
    for (const chunk of chunksForParameters(order, columns.length + 1)) {
      const written = await repo.upsertChildren(
        tx,
        spec,
        columns,
        chunk.map((i) => ({ ...rows[i], calendar_uid: calendarUid })),
      )
      // RETURNING lists the rows of a VALUES insert in their order: answer in the request's order
      written.forEach((row, j) => (out[chunk[j]] = toWire(row)))
    }
    return out
  })
}

export async function updateChild(
  sql: Sql,
  spec: ChildSpec,
  calendarUid: string,
  uid: string,
  body: Values,
): Promise<Values> {
  const patch = spec.patch(body)
  return sql.begin(async (tx) => {
    const current = await repo.findChild(tx, spec, calendarUid, uid)
    if (!current) throw missingChild(spec, uid)
    if (Object.keys(patch).length === 0) return toWire(current)
    spec.check?.({ ...current, ...patch }, 'body')
    return toWire(await repo.updateChild(tx, spec, uid, patch))
  })
}

export async function deleteChild(sql: Sql, spec: ChildSpec, calendarUid: string, uid: string): Promise<void> {
  if ((await repo.deleteChild(sql, spec, calendarUid, uid)) === 0) throw missingChild(spec, uid)
}
