/**
 * Each test file gets its own fresh database, cloned from a migrated template (CREATE DATABASE ... TEMPLATE is
 * much faster than migrating). The template's name carries a hash of the migrations, so a schema change builds
 * a new one; an advisory lock keeps parallel test files from building it twice.
 */
import { createHash, randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { createSql, type Sql } from '../../src/db/client.ts'
import { migrate, readMigrations } from '../../src/db/migrate.ts'

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432'

interface Teardown {
  teardown(fn: () => unknown): void
}

function urlFor(database: string): string {
  const url = new URL(SERVER_URL)
  url.pathname = `/${database}`
  return url.toString()
}

function templateName(): string {
  const hash = createHash('sha256')
  for (const m of readMigrations()) hash.update(m.name).update(m.checksum)
  return `fi_tpl_${hash.digest('hex').slice(0, 12)}`
}

async function ensureTemplate(admin: postgres.Sql, name: string): Promise<void> {
  await admin`select pg_advisory_lock(7403221901)`
  try {
    const [row] = await admin<{ n: number }[]>`select count(*)::int as n from pg_database where datname = ${name}`
    if (row.n > 0) return
    await admin.unsafe(`create database "${name}"`)
    const sql = createSql(urlFor(name), { max: 1 })
    try {
      await migrate(sql)
    } finally {
      await sql.end({ timeout: 5 })
    }
  } finally {
    await admin`select pg_advisory_unlock(7403221901)`
  }
}

export interface TestDatabase {
  name: string
  url: string
  sql: Sql
}

/** A fresh migrated database for one test file, dropped at teardown. */
export async function createTestDatabase(t: Teardown): Promise<TestDatabase> {
  const admin = postgres(urlFor('postgres'), { max: 1, onnotice: () => {} })
  const template = templateName()
  await ensureTemplate(admin, template)
  const name = `fi_test_${randomBytes(6).toString('hex')}`
  await admin.unsafe(`create database "${name}" template "${template}"`)
  const url = urlFor(name)
  const sql = createSql(url, { max: 10 })
  t.teardown(async () => {
    await sql.end({ timeout: 5 })
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end({ timeout: 5 })
  })
  return { name, url, sql }
}
