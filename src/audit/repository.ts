/** SQL of the audit trail (migration 0130): events written one by one, listed newest first with filters. */
import type { Sql } from '../db/client.ts'

export interface AuditEvent {
  subject: string
  operation_id: string
  method: string
  path: string
  status: number
  touched: Record<string, unknown>
  request_id?: string | null
}

export async function recordEvent(sql: Sql, e: AuditEvent): Promise<void> {
  await sql`
    insert into audit_events (subject, operation_id, method, path, status, touched, request_id)
    values (${e.subject}, ${e.operation_id}, ${e.method}, ${e.path}, ${e.status}, ${sql.json(e.touched as never)},
      ${e.request_id ?? null})`
}

export interface AuditQuery {
  subject?: string
  operation?: string
  since?: string
  until?: string
  limit: number
  offset: number
}

export interface AuditRow extends AuditEvent {
  id: string
  at: string
  request_id: string | null
}

export async function listEvents(sql: Sql, q: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const where = sql`
    where true
    ${q.subject !== undefined ? sql`and subject = ${q.subject}` : sql``}
    ${q.operation !== undefined ? sql`and operation_id = ${q.operation}` : sql``}
    ${q.since !== undefined ? sql`and at >= ${q.since}::timestamptz` : sql``}
    ${q.until !== undefined ? sql`and at < ${q.until}::timestamptz` : sql``}`
  const rows = await sql<AuditRow[]>`
    select id::text, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, subject, operation_id,
      method, path, status, touched, request_id
    from audit_events ${where} order by at desc, id desc limit ${q.limit} offset ${q.offset}`
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from audit_events ${where}`
  return { rows, total: n }
}
