/**
 * Calendars (reference/routes.md §10): the calendar registry plus its dates, sessions and events, which share
 * one set of child routes (children.ts). A calendar that portfolios use cannot be deleted (409, not the peer's
 * 500); its dates, sessions and events go with it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { FrontEndDetailSummary, summaryField } from '../contracts/summary.ts'
import { discoveryRoute } from '../http/discovery.ts'
import { pagedCollection } from '../http/pagination.ts'
import { registerChildRoutes } from './children.ts'
import { DATES, EVENTS, SESSIONS } from './children-specs.ts'
import * as repo from './repository.ts'
import * as service from './service.ts'
import { Calendar, CalendarCollection, CalendarCreate, CalendarListQuery, CalendarUpdate } from './schemas.ts'

const TAG = 'calendars'
const BASE = '/api/v1/calendar'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }
const TYPE_TONE: Record<string, string> = {
  TRADING: 'success',
  BUSINESS: 'success',
  SETTLEMENT: 'success',
  FIXING: 'info',
  EVENT: 'info',
  HOLIDAY: 'warning',
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'listCalendars',
        summary: 'List calendars',
        tags: [TAG],
        querystring: CalendarListQuery,
        response: { 200: CalendarCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listCalendars(app.sql, q))
    },
  )

  discoveryRoute(app, `${BASE}/discovery/`, 'discoverCalendars', TAG, {
    id: 'calendars',
    label: 'Calendars',
    itemLabel: 'calendars',
    search: {
      placeholder: 'Search calendars',
      paths: ['display_name', 'unique_identifier', 'calendar_type', 'source', 'uid'],
    },
    filters: ['unique_identifier', 'unique_identifier_contains', 'calendar_type', 'source', 'source_identifier'].map(
      (key) => ({ key, label: key.replace(/_/g, ' '), type: 'text' }),
    ),
    columns: [
      { path: 'display_name', header: 'Name', importance: 'primary' },
      { path: 'unique_identifier', header: 'Identifier', filterKey: 'unique_identifier' },
      { path: 'calendar_type', header: 'Type', filterKey: 'calendar_type' },
      { path: 'timezone', header: 'Time zone' },
      { path: 'source', header: 'Source', filterKey: 'source' },
    ],
  })

  app.get(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'getCalendar',
        summary: 'Get a calendar',
        tags: [TAG],
        params: UidParams,
        response: { 200: Calendar, ...ERRORS },
      },
    },
    async (request) => {
      return service.loadCalendar(app.sql, request.params.uid)
    },
  )

  app.get(
    `${BASE}/:uid/summary/`,
    {
      schema: {
        operationId: 'getCalendarSummary',
        summary: 'Calendar summary',
        tags: [TAG],
        params: UidParams,
        response: { 200: FrontEndDetailSummary, ...ERRORS },
      },
    },
    async (request) => {
      const c = await repo.findCalendar(app.sql, request.params.uid)
      if (!c) throw service.missing(request.params.uid)
      const days = Math.round((Date.parse(c.valid_to) - Date.parse(c.valid_from)) / 86_400_000) + 1
      const url = `${BASE}/${c.uid}/`
      return {
        entity: { id: c.uid, type: 'calendar', title: c.display_name || c.unique_identifier || c.uid },
        badges: [
          {
            key: 'calendar_type',
            label: c.calendar_type,
            tone: TYPE_TONE[c.calendar_type] ?? 'neutral',
            link_url: null,
          },
          { key: 'timezone', label: c.timezone, tone: 'neutral', link_url: null },
        ],
        inline_fields: [
          summaryField('uid', 'UID', c.uid, 'code'),
          summaryField('unique_identifier', 'Identifier', c.unique_identifier, 'code'),
          summaryField('source_identifier', 'Source identifier', c.source_identifier, 'code'),
          summaryField('source', 'Source', c.source, 'text'),
        ],
        highlight_fields: [
          summaryField('display_name', 'Name', c.display_name, 'text', { icon: 'calendar' }),
          summaryField('valid_from', 'Valid from', c.valid_from, 'date', { icon: 'calendar-days' }),
          summaryField('valid_to', 'Valid to', c.valid_to, 'date', { icon: 'calendar-days' }),
        ],
        stats: [
          {
            key: 'horizon_days',
            label: 'Horizon (days)',
            display: String(days),
            value: days,
            kind: 'number',
            link_url: null,
          },
        ],
        label_management: { labels: [], add_label_url: null, remove_label_url: null },
        summary_warning: null,
        extensions: {
          metadata_json: c.metadata_json,
          relationships: { dates_url: `${url}dates/`, sessions_url: `${url}sessions/`, events_url: `${url}events/` },
        },
      }
    },
  )

  app.post(
    `${BASE}/`,
    {
      schema: {
        operationId: 'createCalendar',
        summary: 'Create a calendar',
        tags: [TAG],
        body: CalendarCreate,
        response: { 200: Calendar, ...ERRORS },
      },
    },
    async (request) => {
      return service.createCalendar(app.sql, request.body)
    },
  )

  app.patch(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'updateCalendar',
        summary: 'Update a calendar',
        tags: [TAG],
        params: UidParams,
        body: CalendarUpdate,
        response: { 200: Calendar, ...ERRORS },
      },
    },
    async (request) => {
      return service.updateCalendar(app.sql, request.params.uid, request.body)
    },
  )

  app.delete(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'deleteCalendar',
        summary: 'Delete a calendar with its dates, sessions and events',
        description: 'Returns null. Refused with 409 while portfolios use the calendar.',
        tags: [TAG],
        params: UidParams,
        response: { 200: Type.Null(), ...ERRORS },
      },
    },
    async (request) => {
      await service.deleteCalendar(app.sql, request.params.uid)
      return null
    },
  )

  for (const spec of [DATES, SESSIONS, EVENTS]) registerChildRoutes(app, BASE, TAG, spec)
}

export default routes
