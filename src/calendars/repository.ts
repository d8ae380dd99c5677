/** SQL of calendars (their dates, sessions and events are in children.ts). */
import type { Sql, TransactionSql } from '../db/client.ts'
import { containsPattern } from '../http/pagination.ts'
import type { Calendar, CalendarListQuery } from './schemas.ts'

type Db = Sql | TransactionSql
const CALENDAR =
  'uid::text, unique_identifier, display_name, calendar_type, timezone, source, source_identifier, valid_from::text, valid_to::text, metadata_json'

export async function listCalendars(sql: Sql, f: CalendarListQuery) {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const c = f.unique_identifier_contains ? containsPattern(f.unique_identifier_contains.toLowerCase()) : undefined
  const where = sql`where true
    ${p ? sql`and (lower(uid::text) like ${p} or lower(unique_identifier) like ${p} or lower(display_name) like ${p} or lower(calendar_type) like ${p} or lower(coalesce(source, '')) like ${p} or lower(coalesce(source_identifier, '')) like ${p})` : sql``}
    ${c ? sql`and lower(unique_identifier) like ${c}` : sql``}
    ${f.unique_identifier !== undefined ? sql`and unique_identifier = ${f.unique_identifier}` : sql``}
    ${f.calendar_type !== undefined ? sql`and calendar_type = ${f.calendar_type.trim().toUpperCase().replace(/\s+/g, '_')}` : sql``}
    ${f.source !== undefined ? sql`and source = ${f.source}` : sql``}
    ${f.source_identifier !== undefined ? sql`and source_identifier = ${f.source_identifier}` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<
      Calendar[]
    >`select ${sql.unsafe(CALENDAR)} from calendars ${where} order by lower(unique_identifier), uid limit ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from calendars ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findCalendar(sql: Db, uid: string, lock = false): Promise<Calendar | undefined> {
  const [row] = await sql<
    Calendar[]
  >`select ${sql.unsafe(CALENDAR)} from calendars where uid = ${uid} ${lock ? sql`for update` : sql``}`
  return row
}

export async function insertCalendar(tx: TransactionSql, v: Record<string, unknown>): Promise<Calendar> {
  const [row] = await tx<Calendar[]>`insert into calendars ${tx(v)} returning ${tx.unsafe(CALENDAR)}`
  return row
}

export async function updateCalendar(
  tx: TransactionSql,
  uid: string,
  patch: Record<string, unknown>,
): Promise<Calendar> {
  const [row] = await tx<
    Calendar[]
  >`update calendars set ${tx(patch)} where uid = ${uid} returning ${tx.unsafe(CALENDAR)}`
  return row
}

export async function portfoliosOnCalendar(sql: Db, uid: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from portfolios where calendar_uid = ${uid}`
  return row.n
}

export async function deleteCalendar(tx: TransactionSql, uid: string): Promise<void> {
  await tx`delete from calendars where uid = ${uid}`
}
