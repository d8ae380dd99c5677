/** `npm run keys`: create prints the secret once (only its hash is stored), list shows the keys, revoke ends one. */
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { build } from '../helpers/app.ts'
import { bootstrapAdminKey, findKey, revokeKey } from '../../src/auth/api-keys.ts'

const CLI = fileURLToPath(new URL('../../src/auth/keys-cli.ts', import.meta.url))

t.test('create, list and revoke', async (t) => {
  const { db } = await build(t)
  const keys = (...args: string[]) =>
    spawnSync(process.execPath, ['--import=tsx', CLI, ...args], {
      env: { ...process.env, DATABASE_URL: db.url },
      encoding: 'utf8',
      timeout: 60_000,
    })
  const created = keys('create', 'feed-1', 'write,read')
  t.equal(created.status, 0, created.stderr)
  const secret = created.stdout.trim().split('\n').at(-1)!
  t.match(secret, /^fik_[A-Za-z0-9_-]{43}$/)
  t.match(await findKey(db.sql, secret), { name: 'feed-1', scopes: ['write', 'read'] })
  t.match(keys('list').stdout, /^feed-1\twrite,read\t/m)
  t.match(keys('create', 'feed-1', 'read').stderr, /api_keys_name_key|already exists|duplicate/)
  t.match(keys('create', 'x', 'root').stderr, /scopes are one or more of read, write, admin, got 'root'/)
  t.equal(keys('revoke', 'feed-1').status, 0)
  t.equal(await findKey(db.sql, secret), undefined, 'a revoked key no longer authenticates')
  t.match(keys('list').stdout, /revoked/)
  t.not(keys('revoke', 'feed-1').status, 0, 'nothing left to revoke')
  t.match(keys('nonsense').stderr, /usage: npm run keys/)
  const flagged = keys('create', '--name', 'feed-2', '--scopes=read')
  t.equal(flagged.status, 0, flagged.stderr)
  t.match(await findKey(db.sql, flagged.stdout.trim().split('\n').at(-1)!), { name: 'feed-2', scopes: ['read'] })
  t.equal(keys('revoke', '--name', 'feed-2').status, 0, 'flags as well as words')
})

t.test("the deployment's bootstrap admin key (AUTH_BOOTSTRAP_KEY_FILE)", async (t) => {
  const { db } = await build(t)
  const secret = 'a'.repeat(40)
  t.equal(await bootstrapAdminKey(db.sql, `${secret}\n`), true, 'stored')
  t.match(await findKey(db.sql, secret), { name: 'bootstrap-admin', scopes: ['admin'] })
  t.equal(await bootstrapAdminKey(db.sql, 'b'.repeat(40)), false, 'a live one is kept at the next start')
  t.equal(await findKey(db.sql, 'b'.repeat(40)), undefined)
  await revokeKey(db.sql, 'bootstrap-admin')
  t.equal(await bootstrapAdminKey(db.sql, 'b'.repeat(40)), true, 'rotated: revoked, then a new secret at start')
  t.match(await findKey(db.sql, 'b'.repeat(40)), { name: 'bootstrap-admin' })
  await t.rejects(bootstrapAdminKey(db.sql, 'short'), /at least 32 characters/)
})
