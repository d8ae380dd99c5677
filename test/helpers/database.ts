/**
 * Each test file gets its own fresh database, cloned from a migrated template (CREATE DATABASE ... TEMPLATE is
 * much faster than migrating). The template's name carries a hash of the migrations, so a schema change builds
 * a new one; an advisory lock keeps parallel test files from building it twice.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import postgres from 'postgres'
import { createSql, type Sql } from '../../src/db/client.ts'
import { migrate, readMigrations } from '../../src/db/migrate.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { DEMO_BUNDLE_PATH, readDemoBundle } from '../../src/db/demo.ts'

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

/** Everything the demo template's content depends on: the bundle, the loader that writes it, the schema. */
function demoTemplateName(base: string): string {
  const hash = createHash('sha256').update(base)
  const bundleDir = new URL('../../src/db/bundle/', import.meta.url)
  for (const file of readdirSync(bundleDir)
    .filter((f) => f.endsWith('.ts'))
    .sort())
    hash.update(file).update(readFileSync(new URL(file, bundleDir)))
  hash.update(readFileSync(DEMO_BUNDLE_PATH))
  return `fi_demo_${hash.digest('hex').slice(0, 12)}`
}

/** A template with the demo bundle loaded, built once (like the migrated template) and cloned per test. */
async function ensureDemoTemplate(admin: postgres.Sql, base: string, name: string): Promise<void> {
  await admin`select pg_advisory_lock(7403221902)`
  try {
    const [row] = await admin<{ n: number }[]>`select count(*)::int as n from pg_database where datname = ${name}`
    if (row.n > 0) return
    await admin.unsafe(`create database "${name}_building" template "${base}"`)
    const sql = createSql(urlFor(`${name}_building`), { max: 1 })
    try {
      await loadBundle(sql, readDemoBundle())
    } finally {
      await sql.end({ timeout: 5 })
    }
    // renamed only when complete: a failed build never leaves a half-loaded template behind
    await admin.unsafe(`alter database "${name}_building" rename to "${name}"`)
  } catch (error) {
    await admin.unsafe(`drop database if exists "${name}_building" with (force)`)
    throw error
  } finally {
    await admin`select pg_advisory_unlock(7403221902)`
  }
}

export interface TestDatabaseOptions {
  /** clone a database that already holds the demo bundle (much faster than loading it) */
  demo?: boolean
}

/** A fresh migrated database for one test file, dropped at teardown. */
export async function createTestDatabase(t: Teardown, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const admin = postgres(urlFor('postgres'), { max: 1, onnotice: () => {} })
  const migrated = templateName()
  await ensureTemplate(admin, migrated)
  let template = migrated
  if (options.demo) {
    template = demoTemplateName(migrated)
    await ensureDemoTemplate(admin, migrated, template)
  }
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
