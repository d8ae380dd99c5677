/**
 * src/caches/inventory.ts lists every cache: each one created in src/ or workers/ is in it under its owner, and each
 * one in it has its gauges on /metrics.
 */
import t from 'tap'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CACHES } from '../../src/caches/inventory.ts'
import { build } from '../helpers/app.ts'

const root = new URL('../../', import.meta.url).pathname

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return sources(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

/** `new BoundedCache` and `new ContextCache` in a source, as [file, exported-or-local name] */
export function createdCaches(file: string, text: string): [string, string][] {
  const out: [string, string][] = []
  for (const m of text.matchAll(/(?:const|let)\s+(\w+)\s*(?::[^=]+)?=\s*new (?:BoundedCache|ContextCache)\b/g))
    out.push([file, m[1]])
  for (const m of text.matchAll(/^\s*(\w+): new ContextCache\b/gm)) out.push([file, m[1]])
  return out
}

t.test('the scanner finds a cache', async (t) => {
  t.same(createdCaches('x.ts', 'export const things = new BoundedCache<number>(4)\n  terms: new ContextCache<X>(n),'), [
    ['x.ts', 'things'],
    ['x.ts', 'terms'],
  ])
})

t.test('every cache created in src/ and workers/ is in the inventory, under its owner', async (t) => {
  const owners = CACHES.map((c) => c.owner)
  const found = [...sources('src'), ...sources('workers')].flatMap((f) =>
    createdCaches(f, readFileSync(join(root, f), 'utf8')),
  )
  t.ok(found.length >= 12, `${found.length} caches created`)
  // the ContextCache class is built on a BoundedCache of its own
  const exempt = new Set(['src/pricing/context-cache.ts'])
  const missing = found.filter(
    ([file, name]) =>
      !exempt.has(file) && !owners.some((o) => o.startsWith(`${file} `) && new RegExp(`\\b${name}\\b`).test(o)),
  )
  t.same(missing, [], 'none missing')
})

t.test('every cache of the inventory has its gauges on /metrics', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const text = (await app.inject({ url: '/metrics' })).body
  t.ok(CACHES.length >= 13, `${CACHES.length} caches listed`)
  for (const c of CACHES) {
    for (const gauge of ['entries', 'capacity', 'hits', 'misses', 'hit_ratio']) {
      t.match(
        text,
        new RegExp(`^${c.family}_${gauge}\\{cache="${c.name}"\\} \\S+$`, 'm'),
        `${c.family}_${gauge}{cache="${c.name}"}`,
      )
    }
  }
  t.equal(new Set(CACHES.map((c) => c.name)).size, CACHES.length, 'names are unique')
})
