/** The demo bundle `npm start` loads into an empty database, so a newcomer can price every class at once. */
import { readFileSync } from 'node:fs'
import type { Sql } from './client.ts'
import { loadBundle } from './bundle/load.ts'

export const DEMO_BUNDLE_PATH = new URL('./demo/demo-bundle.json', import.meta.url)

export function readDemoBundle(): unknown {
  return JSON.parse(readFileSync(DEMO_BUNDLE_PATH, 'utf8'))
}

/** Loads the demo bundle when the database holds no assets; returns whether it loaded. */
export async function loadDemoIfEmpty(sql: Sql): Promise<boolean> {
  const [{ empty }] = await sql<{ empty: boolean }[]>`select not exists(select 1 from assets) as empty`
  if (!empty) return false
  await loadBundle(sql, readDemoBundle())
  return true
}
