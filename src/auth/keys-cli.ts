/**
 * `npm run keys -- create <name> <scope>[,<scope>…] | list | revoke <name or uid>`: the API keys of AUTH_MODE=api-keys.
 * `create` prints the secret once (only its hash is stored); rotate a key by creating its successor, moving clients
 * to it, then revoking the old one.
 */
import { loadConfig } from '../config.ts'
import { createSql, ensureDatabase } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'
import { runCli } from '../db/cli.ts'
import { createKey, listKeys, revokeKey } from './api-keys.ts'

const USAGE = 'usage: npm run keys -- create <name> <read|write|admin>[,…] | list | revoke <name or uid>'

await runCli(async () => {
  const [command, ...args] = process.argv.slice(2)
  const config = loadConfig()
  await ensureDatabase(config.databaseUrl)
  const sql = createSql(config.databaseUrl, { max: 1 })
  try {
    await migrate(sql)
    if (command === 'create' && args.length === 2) {
      const key = await createKey(sql, args[0], args[1].split(','))
      console.log(`created key '${key.name}' (${key.scopes.join(', ')}), uid ${key.uid}; its secret, shown once:`)
      console.log(key.key)
    } else if (command === 'list' && args.length === 0) {
      for (const k of await listKeys(sql))
        console.log(
          `${k.name}\t${k.scopes.join(',')}\t${k.uid}\tcreated ${k.created_at.toISOString()}` +
            (k.revoked_at ? `\trevoked ${k.revoked_at.toISOString()}` : ''),
        )
    } else if (command === 'revoke' && args.length === 1) {
      if (!(await revokeKey(sql, args[0]))) throw new Error(`no live key named '${args[0]}'`)
      console.log(`revoked '${args[0]}'`)
    } else throw new Error(USAGE)
  } finally {
    await sql.end({ timeout: 5 })
  }
})
