/** `npm run load -- FILE.json`: validates and upserts a data bundle (see src/db/bundle/schema.ts). */
import { readFileSync } from 'node:fs'
import { loadConfig } from '../config.ts'
import { createSql, ensureDatabase } from './client.ts'
import { migrate } from './migrate.ts'
import { runCli } from './cli.ts'
import { loadBundle } from './bundle/load.ts'
import { validateInstrumentDump } from './bundle/instruments.ts'

await runCli(async () => {
  const file = process.argv[2]
  if (!file) throw new Error('usage: npm run load -- FILE.json')
  let input: unknown
  try {
    input = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`cannot read ${file} as JSON: ${(error as Error).message}`)
  }
  const config = loadConfig()
  await ensureDatabase(config.databaseUrl)
  const sql = createSql(config.databaseUrl, { max: 2 })
  try {
    await migrate(sql)
    const summary = await loadBundle(sql, input, validateInstrumentDump)
    console.log(`loaded ${file}: ${Object.entries(summary).map(([k, v]) => `${v} ${k}`).join(', ') || 'nothing'}`)
  } finally {
    await sql.end({ timeout: 5 })
  }
})
