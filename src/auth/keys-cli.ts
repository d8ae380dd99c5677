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

const USAGE =
  'usage: npm run keys -- create <name> <read|write|admin>[,…] | list | revoke <name or uid> ' +
  '(or --name <name> --scopes <scopes>)'

/** Positional words, or `--name`/`--scopes` (`--scope`) given as flags (`--name x` or `--name=x`). */
function parse(argv: string[]): { command: string | undefined; args: string[] } {
  const words: string[] = []
  const flags: Record<string, string> = {}
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(name|scopes?)(?:=(.*))?$/.exec(argv[i])
    if (!m) words.push(argv[i])
    else flags[m[1].startsWith('scope') ? 'scopes' : 'name'] = m[2] ?? argv[++i] ?? ''
  }
  const [command, ...rest] = words
  return {
    command,
    args: [...rest, ...(flags.name !== undefined ? [flags.name] : []), ...(flags.scopes ? [flags.scopes] : [])],
  }
}

await runCli(async () => {
  const { command, args } = parse(process.argv.slice(2))
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
