/** `npm run migrate`: creates the database when missing and applies pending migrations. */
import { loadConfig } from '../config.ts'
import { createSql, ensureDatabase, describeDatabase } from './client.ts'
import { migrate } from './migrate.ts'
import { runCli } from './cli.ts'

await runCli(async () => {
  const config = loadConfig()
  await ensureDatabase(config.databaseUrl)
  const sql = createSql(config.databaseUrl, { max: 1 })
  try {
    const applied = await migrate(sql)
    console.log(
      applied.length
        ? `applied ${applied.join(', ')} to ${describeDatabase(config.databaseUrl)}`
        : `${describeDatabase(config.databaseUrl)} is up to date`,
    )
  } finally {
    await sql.end({ timeout: 5 })
  }
})
