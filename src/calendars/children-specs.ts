/** The three child resources of a calendar as ChildSpecs: columns, natural keys, filters, defaults and rules. */
import type { Sql } from '../db/client.ts'
import { sentFields } from '../db/values.ts'
import { unprocessable } from '../http/errors.ts'
import type { ChildSpec } from './children.ts'
import {
  CalendarDate,
  CalendarDateCreate,
  CalendarDateListQuery,
  CalendarDateUpdate,
  CalendarEvent,
  CalendarEventCreate,
  CalendarEventListQuery,
  CalendarEventUpdate,
  CalendarEventUpsert,
  CalendarSession,
  CalendarSessionCreate,
  CalendarSessionListQuery,
  CalendarSessionUpdate,
} from './schemas.ts'

type Values = Record<string, unknown>

/** "early close" → "EARLY_CLOSE", the stored form of calendar and event types. */
export const upperSnake = (s: string) => s.trim().toUpperCase().replace(/\s+/g, '_')

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

const orNull = (v: unknown) => (v === undefined ? null : v)
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
const range = (sql: Sql, column: string, q: Values) =>
  sql`${q.start_date ? sql`and ${sql(column)} >= ${q.start_date as string}` : sql``} ${
    q.end_date
      ? sql`and
    ${sql(column)} <= ${q.end_date as string}`
      : sql``
  }`
const exact = (sql: Sql, q: Values, keys: string[]) =>
  keys
    .filter((k) => q[k] !== undefined)
    .reduce((acc, k) => sql`${acc} and ${sql(k)} = ${q[k] as string | boolean}`, sql``)

const DATE_FLAGS = ['is_business_day', 'is_holiday', 'is_weekend', 'is_early_close']

export const DATES: ChildSpec = {
  plural: 'dates',
  noun: 'Date',
  table: 'calendar_dates',
  select:
    'uid::text, calendar_uid::text, local_date::text, is_business_day, is_holiday, is_weekend, is_early_close, ' +
    'holiday_name, metadata_json',
  key: ['local_date'],
  order: 'local_date, uid',
  json: ['metadata_json'],
  row: CalendarDate,
  create: CalendarDateCreate,
  upsertRow: CalendarDateCreate,
  update: CalendarDateUpdate,
  listQuery: CalendarDateListQuery,
  filters: (sql, q) => sql`${range(sql, 'local_date', q)} ${exact(sql, q, DATE_FLAGS)}`,
  materialize: (b) => ({
    local_date: b.local_date,
    ...Object.fromEntries(DATE_FLAGS.map((k) => [k, b[k] ?? false])),
    holiday_name: orNull(b.holiday_name),
    metadata_json: orNull(b.metadata_json),
  }),
  patch: (b) => sentFields(b, [...DATE_FLAGS, 'holiday_name', 'metadata_json']),
  discovery: {
    filters: [
      { key: 'start_date', label: 'From', type: 'text' },
      { key: 'end_date', label: 'To', type: 'text' },
      ...DATE_FLAGS.map((k) => ({ key: k, label: k.replace(/_/g, ' '), type: 'boolean' })),
    ],
    columns: [
      { path: 'local_date', header: 'Date', type: 'date', importance: 'primary' },
      { path: 'is_business_day', header: 'Business day', type: 'boolean' },
      { path: 'is_holiday', header: 'Holiday', type: 'boolean' },
      { path: 'is_early_close', header: 'Early close', type: 'boolean' },
      { path: 'holiday_name', header: 'Holiday name' },
    ],
  },
}

function checkSession(v: Values, at: string): void {
  if (typeof v.timezone === 'string' && !isTimeZone(v.timezone))
    throw unprocessable(`${at}.timezone: '${v.timezone}' is not a known time zone.`)
  if (
    v.opens_at &&
    v.closes_at &&
    new Date(v.closes_at as string).getTime() < new Date(v.opens_at as string).getTime()
  ) {
    throw unprocessable(
      `${at}.closes_at: the session closes before it opens (opens_at ` +
        `${new Date(v.opens_at as string).toISOString()}, closes_at ` +
        `${new Date(v.closes_at as string).toISOString()}).`,
    )
  }
}

export const SESSIONS: ChildSpec = {
  plural: 'sessions',
  noun: 'Session',
  table: 'calendar_sessions',
  select:
    'uid::text, calendar_uid::text, local_date::text, session_label, opens_at, closes_at, timezone, is_primary, ' +
    'metadata_json',
  key: ['local_date', 'session_label'],
  order: 'local_date, session_label, uid',
  json: ['metadata_json'],
  row: CalendarSession,
  create: CalendarSessionCreate,
  upsertRow: CalendarSessionCreate,
  update: CalendarSessionUpdate,
  listQuery: CalendarSessionListQuery,
  filters: (sql, q) => sql`${range(sql, 'local_date', q)} ${exact(sql, q, ['session_label', 'is_primary'])}`,
  materialize: (b) => ({
    local_date: b.local_date,
    session_label: trimmed(b.session_label),
    opens_at: orNull(b.opens_at),
    closes_at: orNull(b.closes_at),
    timezone: b.timezone ?? 'UTC',
    is_primary: b.is_primary ?? true,
    metadata_json: orNull(b.metadata_json),
  }),
  patch: (b) => sentFields(b, ['opens_at', 'closes_at', 'timezone', 'is_primary', 'metadata_json']),
  check: checkSession,
  discovery: {
    filters: [
      { key: 'start_date', label: 'From', type: 'text' },
      { key: 'end_date', label: 'To', type: 'text' },
      { key: 'session_label', label: 'Session', type: 'text' },
      { key: 'is_primary', label: 'Primary', type: 'boolean' },
    ],
    columns: [
      { path: 'local_date', header: 'Date', type: 'date', importance: 'primary' },
      { path: 'session_label', header: 'Session', filterKey: 'session_label' },
      { path: 'opens_at', header: 'Opens', type: 'datetime' },
      { path: 'closes_at', header: 'Closes', type: 'datetime' },
      { path: 'timezone', header: 'Time zone' },
    ],
  },
}

const EVENT_FILTERS = ['event_type', 'event_label', 'target_type', 'target_uid', 'target_identifier']

export const EVENTS: ChildSpec = {
  plural: 'events',
  noun: 'Event',
  table: 'calendar_events',
  select:
    'uid::text, calendar_uid::text, event_date::text, event_time, event_type, event_label, target_type, ' +
    'target_uid::text, target_identifier, metadata_json',
  key: ['event_date', 'event_type', 'event_label', 'target_type', 'target_identifier'],
  order: 'event_date, event_type, event_label, uid',
  json: ['metadata_json'],
  row: CalendarEvent,
  create: CalendarEventCreate,
  upsertRow: CalendarEventUpsert,
  update: CalendarEventUpdate,
  listQuery: CalendarEventListQuery,
  filters: (sql, q) => {
    const eventType = q.event_type === undefined ? undefined : upperSnake(q.event_type as string)
    return sql`${range(sql, 'event_date', q)}
      ${exact(sql, { ...q, event_type: eventType }, EVENT_FILTERS)}`
  },
  materialize: (b) => ({
    event_date: orNull(b.event_date),
    event_time: orNull(b.event_time),
    event_type: upperSnake(String(b.event_type)),
    event_label: trimmed(b.event_label),
    target_type: trimmed(b.target_type),
    target_uid: orNull(b.target_uid),
    target_identifier: trimmed(b.target_identifier),
    metadata_json: orNull(b.metadata_json),
  }),
  patch: (b) => sentFields(b, ['event_time', 'target_uid', 'metadata_json']),
  check: (v, at) => {
    if (typeof v.event_type === 'string' && !v.event_type) throw unprocessable(`${at}.event_type: must not be blank.`)
  },
  discovery: {
    filters: [
      { key: 'start_date', label: 'From', type: 'text' },
      { key: 'end_date', label: 'To', type: 'text' },
      ...EVENT_FILTERS.map((k) => ({ key: k, label: k.replace(/_/g, ' '), type: 'text' })),
    ],
    columns: [
      { path: 'event_date', header: 'Date', type: 'date', importance: 'primary' },
      { path: 'event_type', header: 'Type', filterKey: 'event_type' },
      { path: 'event_label', header: 'Label' },
      { path: 'target_identifier', header: 'Target' },
      { path: 'event_time', header: 'Time' },
    ],
  },
}
