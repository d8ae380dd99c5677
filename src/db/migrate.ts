/**
 * Numbered SQL migrations (migrations/NNNN_name.sql) applied in one transaction under an advisory lock, so two
 * starting processes never race. Each applied file's SHA-256 is recorded; an edited applied file is refused.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Sql } from './client.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
// arbitrary constant shared by every process of this service
const ADVISORY_LOCK_KEY = 7_403_221_900

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

/** Applies pending migrations; returns the names applied now. */
export async function migrate(sql: Sql, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEY})`
    await tx`create table if not exists schema_migrations (
      name text primary key, checksum text not null, applied_at timestamptz not null default now())`
    const applied = new Map(
      (await tx<{ name: string; checksum: string }[]>`select name, checksum from schema_migrations`).map((r) => [r.name, r.checksum]),
    )
    for (const [name, checksum] of applied) {
      const file = migrations.find((m) => m.name === name)
      if (!file) throw new MigrationError(`applied migration ${name} is missing from the migrations folder`)
      if (file.checksum !== checksum) throw new MigrationError(`applied migration ${name} was edited (checksum differs); add a new migration instead`)
    }
    const pending = migrations.filter((m) => !applied.has(m.name))
    for (const m of pending) {
      await tx.unsafe(m.sql)
      await tx`insert into schema_migrations (name, checksum) values (${m.name}, ${m.checksum})`
    }
    return pending.map((m) => m.name)
  })
}
