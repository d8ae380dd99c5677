/**
 * API keys (AUTH_MODE=api-keys): a key is `fik_` and 32 random bytes (base64url); PostgreSQL keeps its SHA-256 only,
 * with a name and scopes. `npm run keys` creates (printing the secret once), lists and revokes them.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Sql } from '../db/client.ts'
import { SCOPES, type Scope } from './scopes.ts'

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex')

export interface ApiKeyRow {
  uid: string
  name: string
  scopes: Scope[]
  created_at: Date
  revoked_at: Date | null
}

/** A new key: its row and its secret (shown once, never stored). */
export async function createKey(
  sql: Sql,
  name: string,
  scopes: readonly string[],
): Promise<ApiKeyRow & { key: string }> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(name))
    throw new Error(`a key's name is 1 to 128 letters, digits, '.', '_' or '-', got '${name}'`)
  const bad = scopes.filter((s) => !SCOPES.includes(s as Scope))
  if (scopes.length === 0 || bad.length)
    throw new Error(`scopes are one or more of ${SCOPES.join(', ')}${bad.length ? `, got '${bad.join("', '")}'` : ''}`)
  const key = `fik_${randomBytes(32).toString('base64url')}`
  const [row] = await sql<ApiKeyRow[]>`
    insert into api_keys (name, key_hash, scopes) values (${name}, ${hashKey(key)}, ${[...new Set(scopes)]})
    returning uid::text, name, scopes, created_at, revoked_at`
  return { ...row, key }
}

export async function listKeys(sql: Sql): Promise<ApiKeyRow[]> {
  return sql<ApiKeyRow[]>`select uid::text, name, scopes, created_at, revoked_at from api_keys order by name`
}

/** Revokes a key by name or uid; whether one was revoked now. */
export async function revokeKey(sql: Sql, nameOrUid: string): Promise<boolean> {
  const rows = await sql`
    update api_keys set revoked_at = now()
    where (name = ${nameOrUid} or uid::text = ${nameOrUid}) and revoked_at is null returning uid`
  return rows.length > 0
}

/** The live key a secret belongs to, or undefined. */
export async function findKey(sql: Sql, key: string): Promise<{ name: string; scopes: Scope[] } | undefined> {
  const [row] = await sql<{ name: string; scopes: Scope[] }[]>`
    select name, scopes from api_keys where key_hash = ${hashKey(key)} and revoked_at is null`
  return row
}

export const BOOTSTRAP_KEY_NAME = 'bootstrap-admin'

/**
 * The deployment's first admin key (AUTH_BOOTSTRAP_KEY_FILE, a secret mounted by compose): stored by its hash under
 * `bootstrap-admin` unless a key of that name exists (revoke it and restart with a new secret to rotate it).
 * Whether it was stored now.
 */
export async function bootstrapAdminKey(sql: Sql, secret: string): Promise<boolean> {
  const key = secret.trim()
  if (key.length < 32) throw new Error('the bootstrap admin key must be at least 32 characters')
  const rows = await sql`
    insert into api_keys (name, key_hash, scopes) select ${BOOTSTRAP_KEY_NAME}, ${hashKey(key)}, ${['admin']}
    where not exists (select 1 from api_keys where name = ${BOOTSTRAP_KEY_NAME} and revoked_at is null)
    on conflict (name) do update set key_hash = excluded.key_hash, scopes = excluded.scopes, revoked_at = null,
      created_at = now()
    returning uid`
  return rows.length > 0
}
