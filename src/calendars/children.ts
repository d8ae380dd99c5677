/**
 * Dates, sessions and events of a calendar share one shape of routes (list, discovery, get, create, bulk
 * upsert, update, delete), so each is a `ChildSpec` and the routes are registered once. What the writes check
 * is in service.ts, their SQL in repository.ts.
 */
import type { FastifyInstance } from 'fastify'
import { Type, type TSchema } from 'typebox'
import { ErrorResponse, Uid } from '../contracts/common.ts'
import { ResourceCollection } from '../contracts/collection.ts'
import type { DiscoverySpec } from '../contracts/resource-discovery.ts'
import type { Sql } from '../db/client.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { bulkUpsertBody } from './schemas.ts'
import * as service from './service.ts'

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

export function registerChildRoutes(app: FastifyInstance, base: string, tag: string, spec: ChildSpec): void {
  const { plural, noun } = spec
  const label = `calendar ${noun.toLowerCase()}`
  const childParam = `${noun.toLowerCase()}_uid`
  const list = `${base}/:calendar_uid/${plural}/`
  const one = `${list}:${childParam}/`
  const Params = Type.Object({ calendar_uid: Uid, [childParam]: Uid }, { additionalProperties: false })
  const CalendarParams = Type.Object({ calendar_uid: Uid }, { additionalProperties: false })
  const sql = app.sql

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
      return service.listChildren(sql, spec, calendar_uid, request.query as Values & { limit: number; offset: number })
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
      return service.getChild(sql, spec, p.calendar_uid, p[childParam])
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
      return service.createChild(sql, spec, calendar_uid, request.body as Values)
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
      return service.bulkUpsertChildren(sql, spec, calendar_uid, (request.body as { rows: Values[] }).rows)
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
      return service.updateChild(sql, spec, p.calendar_uid, p[childParam], request.body as Values)
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
      await service.deleteChild(sql, spec, p.calendar_uid, p[childParam])
      return null
    },
  )
}
