/**
 * Numbered SQL migrations (migrations/NNNN_name.sql) applied under an advisory lock, so two starting processes
 * never race. Each applied file's SHA-256 is recorded; an edited applied file is refused.
 *
 * Pending migrations run in one transaction with their records, except a file whose first line is
 * `-- migrate:no-transaction`: it runs alone, statement by statement, outside any transaction (what CREATE
 * INDEX CONCURRENTLY, VACUUM and batched backfills that COMMIT need), and is recorded when every statement has
 * succeeded. Such a file must be safe to run again after an interruption.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ReservedSql, Sql } from './client.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
// arbitrary constant shared by every process of this service
const ADVISORY_LOCK_KEY = 7_403_221_900
const LOCK_POLL_MS = 250
const NO_TRANSACTION = /^--\s*migrate:no-transaction\s*$/m

export class MigrationError extends Error {
  override readonly name = 'MigrationError'
}

export interface Migration {
  name: string
  checksum: string
  sql: string
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((name) => {
      const sql = readFileSync(dir + name, 'utf8')
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
    })
}

const noTransaction = (m: Migration) => NO_TRANSACTION.test(m.sql.split('\n', 1)[0])

/** The statements of a no-transaction file: split at a `;` ending a line, outside `$$` bodies; comments dropped. */
export function statements(sql: string): string[] {
  const out: string[] = []
  let current: string[] = []
  let inBody = false
  for (const line of sql.split('\n')) {
    if (!inBody && /^\s*--/.test(line)) continue
    current.push(line)
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody
    if (!inBody && /;\s*$/.test(line)) {
      out.push(current.join('\n').trim())
      current = []
    }
  }
  const rest = current.join('\n').trim()
  if (rest) out.push(rest)
  return out
}

/** Applies pending migrations; returns the names applied now. */
export async function migrate(sql: Sql, migrations: Migration[] = readMigrations()): Promise<string[]> {
  const conn = await sql.reserve()
  try {
    await acquireLock(conn)
    try {
      return await applyPending(conn, migrations)
    } finally {
      await conn`select pg_advisory_unlock(${ADVISORY_LOCK_KEY})`
    }
  } finally {
    conn.release()
  }
}

/**
 * Polls for the lock instead of blocking on pg_advisory_lock: a process blocked in that call holds a snapshot,
 * and CREATE INDEX CONCURRENTLY in the lock holder's no-transaction migration waits for every snapshot, so two
 * processes starting together deadlocked. Between polls a waiting process holds none.
 */
async function acquireLock(conn: ReservedSql): Promise<void> {
  for (;;) {
    const [row] = await conn<{ locked: boolean }[]>`select pg_try_advisory_lock(${ADVISORY_LOCK_KEY}) as locked`
    if (row.locked) return
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS))
  }
}

async function applyPending(conn: ReservedSql, migrations: Migration[]): Promise<string[]> {
  await conn`create table if not exists schema_migrations (
    name text primary key, checksum text not null, applied_at timestamptz not null default now())`
  const applied = new Map(
    (await conn<{ name: string; checksum: string }[]>`select name, checksum from schema_migrations`).map((r) => [
      r.name,
      r.checksum,
    ]),
  )
  for (const [name, checksum] of applied) {
    const file = migrations.find((m) => m.name === name)
    if (!file) throw new MigrationError(`applied migration ${name} is missing from the migrations folder`)
    if (file.checksum !== checksum)
      throw new MigrationError(`applied migration ${name} was edited (checksum differs); add a new migration instead`)
  }
  const pending = migrations.filter((m) => !applied.has(m.name))
  // consecutive transactional migrations share one transaction, as they always did
  const runs: Migration[][] = []
  for (const m of pending) {
    const last = runs.at(-1)
    if (last && !noTransaction(m) && !noTransaction(last[0])) last.push(m)
    else runs.push([m])
  }
  for (const run of runs) {
    if (noTransaction(run[0])) {
      for (const statement of statements(run[0].sql)) await conn.unsafe(statement).simple()
      await conn`insert into schema_migrations (name, checksum) values (${run[0].name}, ${run[0].checksum})`
      continue
    }
    await conn.unsafe('begin')
    try {
      for (const m of run) {
        await conn.unsafe(m.sql)
        await conn`insert into schema_migrations (name, checksum) values (${m.name}, ${m.checksum})`
      }
      await conn.unsafe('commit')
    } catch (error) {
      await conn.unsafe('rollback')
      throw error
    }
  }
  return pending.map((m) => m.name)
}
