/** Wire shapes of calendars and their dates, sessions and events (reference/routes.md §10). */
import { Type, type Static, type TSchema } from 'typebox'
import { DateTime, IsoDate, JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { ResourceCollection, paginationQuery } from '../contracts/collection.ts'

const strict = { additionalProperties: false } as const
const Name = (max: number) => Type.String({ minLength: 1, maxLength: max })
const Timezone = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'IANA time zone, e.g. UTC or America/New_York',
})
const Optional = <T extends TSchema>(s: T) => Type.Optional(s)

export const Calendar = Type.Object(
  {
    uid: Uid,
    unique_identifier: Type.String(),
    display_name: Type.String(),
    calendar_type: Type.String({
      description: 'UPPER_SNAKE: TRADING, SETTLEMENT, FIXING, BUSINESS, HOLIDAY, EVENT, CUSTOM or any other',
    }),
    timezone: Type.String(),
    source: Nullable(Type.String()),
    source_identifier: Nullable(Type.String()),
    valid_from: IsoDate,
    valid_to: IsoDate,
    metadata_json: Nullable(JsonObject),
  },
  { ...strict, title: 'Calendar' },
)
export type Calendar = Static<typeof Calendar>
export const CalendarCollection = ResourceCollection(Calendar, 'ResourceCollection_Calendar_')

export const CalendarListQuery = Type.Object(
  {
    ...paginationQuery({ defaultLimit: 50, maxLimit: 500 }),
    search: Optional(
      Type.String({ description: 'substring of uid, identifier, name, type, source or source identifier' }),
    ),
    unique_identifier: Optional(Type.String()),
    unique_identifier_contains: Optional(Type.String()),
    calendar_type: Optional(Type.String()),
    source: Optional(Type.String()),
    source_identifier: Optional(Type.String()),
  },
  strict,
)
export type CalendarListQuery = Static<typeof CalendarListQuery>

const calendarFields = {
  display_name: Name(255),
  calendar_type: Name(64),
  timezone: Optional(Timezone),
  source: Optional(Nullable(Type.String({ maxLength: 128 }))),
  source_identifier: Optional(Nullable(Type.String({ maxLength: 255 }))),
  valid_from: IsoDate,
  valid_to: IsoDate,
  metadata_json: Optional(Nullable(JsonObject)),
}
export const CalendarCreate = Type.Object(
  { unique_identifier: Name(255), ...calendarFields },
  { ...strict, title: 'CalendarCreate' },
)
export type CalendarCreate = Static<typeof CalendarCreate>
export const CalendarUpdate = Type.Object(
  {
    display_name: Optional(calendarFields.display_name),
    calendar_type: Optional(calendarFields.calendar_type),
    timezone: calendarFields.timezone,
    source: calendarFields.source,
    source_identifier: calendarFields.source_identifier,
    valid_from: Optional(IsoDate),
    valid_to: Optional(IsoDate),
    metadata_json: calendarFields.metadata_json,
  },
  { ...strict, title: 'CalendarUpdate', description: 'unique_identifier is immutable; only the keys sent are applied' },
)
export type CalendarUpdate = Static<typeof CalendarUpdate>

// ------------------------------------------------------------------ children
const childPage = paginationQuery({ defaultLimit: 500, maxLimit: 10000 })
const dateRange = { start_date: Optional(IsoDate), end_date: Optional(IsoDate) }

export const CalendarDate = Type.Object(
  {
    uid: Uid,
    calendar_uid: Uid,
    local_date: IsoDate,
    is_business_day: Type.Boolean(),
    is_holiday: Type.Boolean(),
    is_weekend: Type.Boolean(),
    is_early_close: Type.Boolean(),
    holiday_name: Nullable(Type.String()),
    metadata_json: Nullable(JsonObject),
  },
  { ...strict, title: 'CalendarDate' },
)
const dateFlags = {
  is_business_day: Optional(Type.Boolean()),
  is_holiday: Optional(Type.Boolean()),
  is_weekend: Optional(Type.Boolean()),
  is_early_close: Optional(Type.Boolean()),
  holiday_name: Optional(Nullable(Type.String({ maxLength: 255 }))),
  metadata_json: Optional(Nullable(JsonObject)),
}
export const CalendarDateCreate = Type.Object(
  { local_date: IsoDate, ...dateFlags },
  { ...strict, title: 'CalendarDateCreate' },
)
export const CalendarDateUpdate = Type.Object(dateFlags, {
  ...strict,
  title: 'CalendarDateUpdate',
  description: 'local_date is immutable',
})
export const CalendarDateListQuery = Type.Object(
  {
    ...childPage,
    ...dateRange,
    is_business_day: Optional(Type.Boolean()),
    is_holiday: Optional(Type.Boolean()),
    is_weekend: Optional(Type.Boolean()),
    is_early_close: Optional(Type.Boolean()),
  },
  strict,
)

export const CalendarSession = Type.Object(
  {
    uid: Uid,
    calendar_uid: Uid,
    local_date: IsoDate,
    session_label: Type.String(),
    opens_at: Nullable(DateTime),
    closes_at: Nullable(DateTime),
    timezone: Type.String(),
    is_primary: Type.Boolean(),
    metadata_json: Nullable(JsonObject),
  },
  { ...strict, title: 'CalendarSession' },
)
const sessionMutable = {
  opens_at: Optional(Nullable(DateTime)),
  closes_at: Optional(Nullable(DateTime)),
  timezone: Optional(Timezone),
  is_primary: Optional(Type.Boolean()),
  metadata_json: Optional(Nullable(JsonObject)),
}
export const CalendarSessionCreate = Type.Object(
  { local_date: IsoDate, session_label: Name(64), ...sessionMutable },
  { ...strict, title: 'CalendarSessionCreate' },
)
export const CalendarSessionUpdate = Type.Object(sessionMutable, {
  ...strict,
  title: 'CalendarSessionUpdate',
  description: 'local_date and session_label are immutable',
})
export const CalendarSessionListQuery = Type.Object(
  { ...childPage, ...dateRange, session_label: Optional(Type.String()), is_primary: Optional(Type.Boolean()) },
  strict,
)

export const CalendarEvent = Type.Object(
  {
    uid: Uid,
    calendar_uid: Uid,
    event_date: Nullable(IsoDate),
    event_time: Nullable(DateTime),
    event_type: Type.String(),
    event_label: Type.String(),
    target_type: Type.String(),
    target_uid: Nullable(Uid),
    target_identifier: Type.String(),
    metadata_json: Nullable(JsonObject),
  },
  { ...strict, title: 'CalendarEvent' },
)
const eventFields = {
  event_time: Optional(Nullable(DateTime)),
  event_type: Name(64),
  event_label: Optional(Nullable(Type.String({ maxLength: 255 }))),
  target_type: Optional(Nullable(Type.String({ maxLength: 64 }))),
  target_uid: Optional(Nullable(Uid)),
  target_identifier: Optional(Nullable(Type.String({ maxLength: 255 }))),
  metadata_json: Optional(Nullable(JsonObject)),
}
export const CalendarEventCreate = Type.Object(
  { event_date: Optional(Nullable(IsoDate)), ...eventFields },
  { ...strict, title: 'CalendarEventCreate' },
)
export const CalendarEventUpsert = Type.Object(
  { event_date: IsoDate, ...eventFields },
  { ...strict, title: 'CalendarEventUpsertRequest' },
)
export const CalendarEventUpdate = Type.Object(
  { event_time: eventFields.event_time, target_uid: eventFields.target_uid, metadata_json: eventFields.metadata_json },
  { ...strict, title: 'CalendarEventUpdate', description: 'only event_time, target_uid and metadata_json are mutable' },
)
export const CalendarEventListQuery = Type.Object(
  {
    ...childPage,
    ...dateRange,
    event_type: Optional(Type.String()),
    event_label: Optional(Type.String()),
    target_type: Optional(Type.String()),
    target_uid: Optional(Uid),
    target_identifier: Optional(Type.String()),
  },
  strict,
)

export const CalendarParams = Type.Object({ calendar_uid: Uid }, strict)
export const bulkUpsertBody = <T extends TSchema>(row: T, title: string) =>
  Type.Object({ rows: Type.Array(row, { default: [] }) }, { ...strict, title })
