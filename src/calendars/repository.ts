/** SQL of calendars and of their dates, sessions and events (each described by a ChildSpec, children-specs.ts). */
import type { Sql, TransactionSql } from '../db/client.ts'
import { jsonValue } from '../db/values.ts'
import { containsPattern } from '../http/pagination.ts'
import type { ChildSpec } from './children.ts'
import type { Calendar, CalendarListQuery } from './schemas.ts'

type Db = Sql | TransactionSql
const CALENDAR =
  'uid::text, unique_identifier, display_name, calendar_type, timezone, source, source_identifier, valid_from::text, ' +
  'valid_to::text, metadata_json'

export async function listCalendars(sql: Sql, f: CalendarListQuery) {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const c = f.unique_identifier_contains ? containsPattern(f.unique_identifier_contains.toLowerCase()) : undefined
  const where = sql`where true
    ${
      p
        ? sql`and (lower(uid::text) like ${p} or lower(unique_identifier) like ${p} or lower(display_name) like ${p}
      or lower(calendar_type) like ${p} or lower(coalesce(source, '')) like ${p} or lower(coalesce(source_identifier,
        '')) like ${p})`
        : sql``
    }
    ${c ? sql`and lower(unique_identifier) like ${c}` : sql``}
    ${f.unique_identifier !== undefined ? sql`and unique_identifier = ${f.unique_identifier}` : sql``}
    ${
      f.calendar_type !== undefined
        ? sql`and calendar_type =
      ${f.calendar_type.trim().toUpperCase().replace(/\s+/g, '_')}`
        : sql``
    }
    ${f.source !== undefined ? sql`and source = ${f.source}` : sql``}
    ${f.source_identifier !== undefined ? sql`and source_identifier = ${f.source_identifier}` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<
      Calendar[]
    >`select ${sql.unsafe(CALENDAR)} from calendars ${where} order by lower(unique_identifier), uid limit ${f.limit}
      offset ${f.offset}`,
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

// ---- dates, sessions and events: one table each, described by a ChildSpec

type Values = Record<string, unknown>

const childSelect = (db: Db, spec: ChildSpec) => db.unsafe(spec.select)
const withJson = (db: Db, spec: ChildSpec, v: Values): Values =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, spec.json.includes(k) ? jsonValue(db, x) : x]))

/** Whether the calendar exists; `lock` holds it (FOR SHARE) until the transaction ends. */
export async function calendarExists(db: Db, uid: string, lock = false): Promise<boolean> {
  const [row] = await db`select 1 from calendars where uid = ${uid} ${lock ? db`for share` : db``}`
  return row !== undefined
}

export async function findChild(
  db: Db,
  spec: ChildSpec,
  calendarUid: string,
  uid: string,
): Promise<Values | undefined> {
  const [row] = await db<
    Values[]
  >`select ${childSelect(db, spec)} from ${db(spec.table)} where uid = ${uid} and calendar_uid = ${calendarUid}`
  return row
}

export async function listChildren(
  sql: Sql,
  spec: ChildSpec,
  calendarUid: string,
  q: Values & { limit: number; offset: number },
): Promise<{ rows: Values[]; total: number }> {
  const { table } = spec
  const where = sql`where calendar_uid = ${calendarUid} ${spec.filters(sql, q)}`
  const [rows, [count]] = await Promise.all([
    // the page's uids from the (calendar_uid, order) index first: a deep page reads no rows it skips
    sql<Values[]>`select ${childSelect(sql, spec)} from ${sql(table)}
                      where uid in (select uid from ${sql(table)} ${where} order by ${sql.unsafe(spec.order)} limit
                        ${q.limit} offset ${q.offset})
                      order by ${sql.unsafe(spec.order)}`,
    sql<{ n: number }[]>`select count(*)::int as n from ${sql(table)} ${where}`,
  ])
  return { rows: [...rows], total: count.n }
}

export async function insertChild(tx: TransactionSql, spec: ChildSpec, v: Values): Promise<Values> {
  const [row] = await tx<
    Values[]
  >`insert into ${tx(spec.table)} ${tx(withJson(tx, spec, v))} returning ${childSelect(tx, spec)}`
  return row
}

/**
 * Inserts `rows` (each of `columns`) in one statement, replacing a row of the same natural key; RETURNING lists
 * them in the order given.
 */
export async function upsertChildren(
  tx: TransactionSql,
  spec: ChildSpec,
  columns: string[],
  rows: Values[],
): Promise<Values[]> {
  const updates = columns
    .filter((c) => !spec.key.includes(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')
  const values = rows.map((v) => withJson(tx, spec, v))
  const written = await tx<Values[]>`
          insert into ${tx(spec.table)} ${tx(values)}
          on conflict (calendar_uid, ${tx.unsafe(spec.key.join(', '))}) do update set ${tx.unsafe(updates)}
          returning ${childSelect(tx, spec)}`
  return [...written]
}

export async function updateChild(tx: TransactionSql, spec: ChildSpec, uid: string, patch: Values): Promise<Values> {
  const [row] = await tx<
    Values[]
  >`update ${tx(spec.table)} set ${tx(withJson(tx, spec, patch))} where uid = ${uid} returning ${childSelect(tx, spec)}`
  return row
}

export async function deleteChild(sql: Sql, spec: ChildSpec, calendarUid: string, uid: string): Promise<number> {
  const { count } = await sql`delete from ${sql(spec.table)} where uid = ${uid} and calendar_uid = ${calendarUid}`
  return count
}
