/**
 * `npm run load -- FILE.json` validates and upserts a data bundle (see src/db/bundle/schema.ts);
 * `npm run load -- --check FILE.json` only validates it and writes nothing; `--allow-large-rates` accepts curve zero
 * rates above 100% (genuine hyperinflation data, refused otherwise as percentages typed as decimals). Every error is
 * one line with its JSON path (or, for a syntax error, its line and column); warnings go to stderr and do not stop a
 * load.
 */
import { loadConfig } from '../config.ts'
import { createSql, ensureDatabase, type Sql } from './client.ts'
import { migrate } from './migrate.ts'
import { runCli } from './cli.ts'
import { loadBundle, type LoadSummary } from './bundle/load.ts'
import { readBundleFile } from './bundle/read-file.ts'
import { validateBundle, type BundleIssue } from './bundle/validate.ts'
import { recordEvent } from '../audit/repository.ts'

const USAGE = 'usage: npm run load -- [--check] [--allow-large-rates] FILE.json'
const FLAGS = ['--check', '--allow-large-rates']
const warn = (w: BundleIssue) => console.error(`warning: ${w.path}: ${w.message}`)
const counts = (summary: LoadSummary) =>
  Object.entries(summary)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ') || 'nothing'

/** For --check: the database when it answers and is migrated (references may resolve there), else null. */
async function existingDatabase(url: string): Promise<{ sql: Sql | null; note?: string }> {
  const sql = createSql(url, { max: 1 })
  try {
    await sql`select 1 from schema_migrations limit 1`
    return { sql }
  } catch (error) {
    await sql.end({ timeout: 1 })
    return {
      sql: null,
      note:
        `references were checked inside the bundle only (no migrated database at DATABASE_URL: ` +
        `${(error as Error).message || (error as { code?: string }).code})`,
    }
  }
}

await runCli(async () => {
  const args = process.argv.slice(2)
  const check = args.includes('--check')
  const allowLargeRates = args.includes('--allow-large-rates')
  const files = args.filter((a) => !FLAGS.includes(a))
  if (files.length !== 1 || args.some((a) => a.startsWith('--') && !FLAGS.includes(a))) throw new Error(USAGE)
  const [file] = files
  const input = readBundleFile(file)
  const config = loadConfig()

  if (check) {
    const { sql, note } = await existingDatabase(config.databaseUrl)
    try {
      const { bundle, warnings } = await validateBundle(input, sql, { allowLargeRates })
      warnings.forEach(warn)
      if (note) console.error(`note: ${note}`)
      const sizes = Object.entries(bundle)
        .filter(([, v]) => Array.isArray(v) && v.length)
        .map(([k, v]) => `${(v as unknown[]).length} ${k}`)
      console.log(`${file} is valid: ${sizes.join(', ') || 'empty'} (checked only, nothing written)`)
    } finally {
      await sql?.end({ timeout: 5 })
    }
    return
  }

  await ensureDatabase(config.databaseUrl)
  const sql = createSql(config.databaseUrl, { max: 2 })
  // the audit trail records the loader's writes too, refused ones included (subject `loader`)
  const audit = (status: number, touched: Record<string, unknown>) =>
    recordEvent(sql, { subject: 'loader', operation_id: 'loadBundle', method: 'CLI', path: file, status, touched })
  try {
    await migrate(sql)
    let summary: LoadSummary
    try {
      summary = await loadBundle(sql, input, { onWarning: warn, allowLargeRates })
    } catch (error) {
      const issues = (error as { issues?: unknown[] }).issues
      await audit(issues ? 422 : 500, { kind: 'bundle', ...(issues ? { issues: issues.length } : {}) }).catch(() => {})
      throw error
    }
    await audit(200, { kind: 'bundle', counts: summary })
    console.log(`loaded ${file}: ${counts(summary)}`)
  } finally {
    await sql.end({ timeout: 5 })
  }
})
