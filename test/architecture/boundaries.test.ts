/**
 * The main thread's code (src/) reaches the workers' code through one typed entry, workers/entry.ts (the pool is
 * started from workers/pool-entry.mjs by URL, src/plugins/pricer.ts), and the task and reply types cross the thread
 * boundary from src/contracts/pricing.ts alone.
 */
import t from 'tap'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('../../', import.meta.url).pathname

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return sources(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

/** Module specifiers of a source's imports and re-exports that lead into workers/, other than workers/entry.ts. */
export function workerImports(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s+'([^']+)'/g)]
    .map((m) => m[1])
    .filter((spec) => /(^|\/)workers\//.test(spec) && !spec.endsWith('workers/entry.ts'))
}

t.test('the scanner finds an import into workers/', async (t) => {
  t.same(
    workerImports(
      "import { a } from '../../workers/operations/x.ts'\nimport { b } from '../../workers/entry.ts'\nexport { c } " +
        "from '../workers/y.ts'",
    ),
    ['../../workers/operations/x.ts', '../workers/y.ts'],
  )
})

t.test('src/ imports workers/ only through workers/entry.ts', async (t) => {
  const found = sources('src').flatMap((f) =>
    workerImports(readFileSync(join(root, f), 'utf8')).map((spec) => `${f}: ${spec}`),
  )
  t.same(found, [])
})

t.test('one reply type and one list of instrument types', async (t) => {
  const files = [...sources('src'), ...sources('workers')]
  const declares = (pattern: RegExp) => files.filter((f) => pattern.test(readFileSync(join(root, f), 'utf8')))
  t.same(
    declares(/^export type (TaskReply|WorkerReply)\b/m),
    ['src/contracts/pricing.ts'],
    'the worker reply is declared once',
  )
  t.same(declares(/\[\s*'FixedRateBond',\s*'CallableFixedRateBond'/), [], 'no second literal list of the bond classes')
})

/** What in a route file runs SQL itself: a query template, a transaction or raw SQL. */
export const sqlInRoutes = (text: string): string[] =>
  [...text.matchAll(/\b(?:sql|tx)`|\.begin\(|\.unsafe\(|retryingTransaction\(/g)].map((m) => m[0])

t.test('the scanner finds SQL in a route', async (t) => {
  t.same(sqlInRoutes('const [r] = await app.sql`select 1`\nawait app.sql.begin(async (tx) => tx`x`)'), [
    'sql`',
    '.begin(',
    'tx`',
  ])
})

// a route's handler reads the request and calls its service (transactions, rules) or repository (SQL)
t.test('route files run no SQL and open no transaction', async (t) => {
  const routeFiles = sources('src').filter((f) => /\/routes\.ts$|^src\/calendars\/children\.ts$/.test(f))
  t.ok(routeFiles.length >= 15, `${routeFiles.length} route files`)
  const found = routeFiles.flatMap((f) => sqlInRoutes(readFileSync(join(root, f), 'utf8')).map((m) => `${f}: ${m}`))
  t.same(found, [])
})
