/**
 * Dates, sessions and events of a calendar share one shape of routes (list, discovery, get, create, bulk
 * upsert, update, delete), so each is a `ChildSpec` and the routes are registered once. A child is always
 * addressed under its calendar: a row of another calendar is 404. Writes check the calendar exists (404),
 * natural-key duplicates (409, or 422 inside one bulk request) and the service rules of the spec (422).
 */
import type { FastifyInstance } from 'fastify'
import { Type, type TSchema } from 'typebox'
import { ErrorResponse, Uid } from '../contracts/common.ts'
import { ResourceCollection } from '../contracts/collection.ts'
import type { DiscoverySpec } from '../contracts/resource-discovery.ts'
import type { Sql, TransactionSql } from '../db/client.ts'
import { chunksForParameters, retryingTransaction } from '../db/transaction.ts'
import { jsonValue } from '../db/values.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { conflictOnDuplicate, notFound, unprocessable } from '../http/errors.ts'
import { pagedCollection } from '../http/pagination.ts'
import { bulkUpsertBody } from './schemas.ts'

type Values = Record<string, unknown>
type Fragment = ReturnType<Sql['unsafe']>

export interface ChildSpec {
  /** path segment and operationId plural: dates → listCalendarDates */
  plural: 'dates' | 'sessions' | 'events'
  noun: 'Date' | 'Session' | 'Event'
  table: string
  /** select list; dates as text so they stay YYYY-MM-DD */
  select: string
  /** natural key after calendar_uid (bulk upsert conflict target) */
  key: string[]
  order: string
  row: TSchema
  create: TSchema
  upsertRow: TSchema
  update: TSchema
  listQuery: TSchema
  filters(sql: Sql, q: Values): Fragment
  /** every column of a new row, defaults applied and text normalized */
  materialize(b: Values): Values
  /** only the columns an update sends */
  patch(b: Values): Values
  /** service rules on a row's final values; `at` names where the row came from */
  check?(v: Values, at: string): void
  /** columns holding JSON */
  json: string[]
  discovery: Omit<DiscoverySpec, 'id' | 'label' | 'itemLabel'>
}

const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v)
const toWire = (row: Values): Values => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)]))

export function registerChildRoutes(app: FastifyInstance, base: string, tag: string, spec: ChildSpec): void {
  const { plural, noun, table } = spec
  const label = `calendar ${noun.toLowerCase()}`
  const childParam = `${noun.toLowerCase()}_uid`
  const list = `${base}/:calendar_uid/${plural}/`
  const one = `${list}:${childParam}/`
  const Params = Type.Object({ calendar_uid: Uid, [childParam]: Uid }, { additionalProperties: false })
  const CalendarParams = Type.Object({ calendar_uid: Uid }, { additionalProperties: false })
  const sql = app.sql
  const select = (db: Sql | TransactionSql) => db.unsafe(spec.select)
  const missingChild = (uid: string) =>
    notFound(`Calendar ${noun.toLowerCase()} '${uid}' was not found in this calendar.`)
  const duplicate = (v: Values) =>
    `A ${label} with the same ${spec.key.join(', ')} (${spec.key.map((k) => String(v[k] ?? null)).join(', ')}) already exists in this calendar.`
  const withJson = (db: Sql | TransactionSql, v: Values): Values =>
    Object.fromEntries(Object.entries(v).map(([k, x]) => [k, spec.json.includes(k) ? jsonValue(db, x) : x]))

  async function requireCalendar(db: Sql | TransactionSql, uid: string, lock = false): Promise<void> {
    const [row] = await db`select 1 from calendars where uid = ${uid} ${lock ? db`for share` : db``}`
    if (!row) throw notFound(`Calendar '${uid}' was not found.`)
  }
  async function find(db: Sql | TransactionSql, calendarUid: string, uid: string): Promise<Values | undefined> {
    const [row] = await db<
      Values[]
    >`select ${select(db)} from ${db(table)} where uid = ${uid} and calendar_uid = ${calendarUid}`
    return row
  }

  app.get(
    list,
    {
      schema: {
        operationId: `listCalendar${noun}s`,
        summary: `List the ${plural} of a calendar`,
        tags: [tag],
        params: CalendarParams,
        querystring: spec.listQuery,
        response: { 200: ResourceCollection(spec.row, `ResourceCollection_Calendar${noun}_`), ...ERRORS },
      },
    },
    async (request) => {
      const { calendar_uid } = request.params as { calendar_uid: string }
      await requireCalendar(sql, calendar_uid)
      return pagedCollection(request.query as Values & { limit: number; offset: number }, async (q) => {
        const where = sql`where calendar_uid = ${calendar_uid} ${spec.filters(sql, q)}`
        const [rows, [count]] = await Promise.all([
          // the page's uids from the (calendar_uid, order) index first: a deep page reads no rows it skips
          sql<Values[]>`select ${select(sql)} from ${sql(table)}
                      where uid in (select uid from ${sql(table)} ${where} order by ${sql.unsafe(spec.order)} limit ${q.limit} offset ${q.offset})
                      order by ${sql.unsafe(spec.order)}`,
          sql<{ n: number }[]>`select count(*)::int as n from ${sql(table)} ${where}`,
        ])
        return { rows: rows.map(toWire), total: count.n }
      })
    },
  )

  discoveryRoute(app, `${list}discovery/`, `discoverCalendar${noun}s`, tag, {
    id: `calendar-${plural}`,
    label: `Calendar ${plural}`,
    itemLabel: `calendar ${plural}`,
    ...spec.discovery,
  })

  app.get(
    one,
    {
      schema: {
        operationId: `getCalendar${noun}`,
        summary: `Get a ${label}`,
        tags: [tag],
        params: Params,
        response: { 200: spec.row, ...ERRORS },
      },
    },
    async (request) => {
      const p = request.params as Record<string, string>
      const row = await find(sql, p.calendar_uid, p[childParam])
      if (!row) throw missingChild(p[childParam])
      return toWire(row)
    },
  )

  app.post(
    list,
    {
      schema: {
        operationId: `createCalendar${noun}`,
        summary: `Create a ${label}`,
        tags: [tag],
        params: CalendarParams,
        body: spec.create,
        response: { 200: spec.row, ...ERRORS },
      },
    },
    async (request) => {
      const { calendar_uid } = request.params as { calendar_uid: string }
      const v = spec.materialize(request.body as Values)
      spec.check?.(v, 'body')
      return sql
        .begin(async (tx) => {
          await requireCalendar(tx, calendar_uid, true)
          const [row] = await tx<
            Values[]
          >`insert into ${tx(table)} ${tx(withJson(tx, { ...v, calendar_uid }))} returning ${select(tx)}`
          return toWire(row)
        })
        .catch(conflictOnDuplicate(() => duplicate(v)))
    },
  )

  app.post(
    `${list}bulk-upsert/`,
    {
      schema: {
        operationId: `bulkUpsertCalendar${noun}s`,
        summary: `Create or replace ${plural} by their natural key, all or nothing`,
        tags: [tag],
        params: CalendarParams,
        body: bulkUpsertBody(spec.upsertRow, `Calendar${noun}BulkUpsertRequest`),
        response: { 200: Type.Array(spec.row), ...ERRORS },
      },
    },
    async (request) => {
      const { calendar_uid } = request.params as { calendar_uid: string }
      const rows = (request.body as { rows: Values[] }).rows.map((r, i) => {
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
            `body.rows[${i}] repeats the key of body.rows[${first}] (${spec.key.map((k) => `${k}=${String(rows[i][k] ?? null)}`).join(', ')}).`,
          )
        seen.set(key, i)
      })
      if (rows.length === 0) {
        await requireCalendar(sql, calendar_uid)
        return []
      }
      const columns = Object.keys(rows[0])
      const updates = columns
        .filter((c) => !spec.key.includes(c))
        .map((c) => `${c} = excluded.${c}`)
        .join(', ')
      // Rows are written in key order, so concurrent upserts of overlapping rows lock them in one order and do
      // not deadlock; chunks keep each statement under the bind-parameter limit; one transaction keeps it all or
      // nothing, and a collision that still happens is retried whole.
      const order = rows.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0))
      return retryingTransaction(sql, async (tx) => {
        await requireCalendar(tx, calendar_uid, true)
        const out: Values[] = new Array<Values>(rows.length)
        for (const chunk of chunksForParameters(order, columns.length + 1)) {
          const values = chunk.map((i) => withJson(tx, { ...rows[i], calendar_uid }))
          const written = await tx<Values[]>`
          insert into ${tx(table)} ${tx(values)}
          on conflict (calendar_uid, ${tx.unsafe(spec.key.join(', '))}) do update set ${tx.unsafe(updates)}
          returning ${select(tx)}`
          // RETURNING lists the rows of a VALUES insert in their order: answer in the request's order
          written.forEach((row, j) => (out[chunk[j]] = toWire(row)))
        }
        return out
      })
    },
  )

  app.patch(
    one,
    {
      schema: {
        operationId: `updateCalendar${noun}`,
        summary: `Update a ${label}`,
        tags: [tag],
        params: Params,
        body: spec.update,
        response: { 200: spec.row, ...ERRORS },
      },
    },
    async (request) => {
      const p = request.params as Record<string, string>
      const patch = spec.patch(request.body as Values)
      return sql.begin(async (tx) => {
        const current = await find(tx, p.calendar_uid, p[childParam])
        if (!current) throw missingChild(p[childParam])
        if (Object.keys(patch).length === 0) return toWire(current)
        spec.check?.({ ...current, ...patch }, 'body')
        const [row] = await tx<
          Values[]
        >`update ${tx(table)} set ${tx(withJson(tx, patch))} where uid = ${p[childParam]} returning ${select(tx)}`
        return toWire(row)
      })
    },
  )

  app.delete(
    one,
    {
      schema: {
        operationId: `deleteCalendar${noun}`,
        summary: `Delete a ${label}`,
        tags: [tag],
        params: Params,
        response: { 200: Type.Null(), ...ERRORS },
      },
    },
    async (request) => {
      const p = request.params as Record<string, string>
      const { count } =
        await sql`delete from ${sql(table)} where uid = ${p[childParam]} and calendar_uid = ${p.calendar_uid}`
      if (count === 0) throw missingChild(p[childParam])
      return null
    },
  )
}
