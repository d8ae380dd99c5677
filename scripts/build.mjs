// npm run build: compiles src/ and workers/ to JavaScript in dist/ (tsc, tsconfig.build.json) and copies what they
// read at run time beside them: migrations, the demo bundle, JSON documents, the explorer's static files, and
// package.json (name, version, "type": "module"). `npm start` runs dist/src/server.js.
// --if-stale (prestart): builds only when a source is newer than the last build, so `npm ci && npm start` works on
// a fresh checkout and a restart does not recompile. A build always starts from an empty dist/, so a deleted
// source never survives as a stale route.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const stamp = join(dist, '.build-stamp')
const SOURCES = ['src', 'workers']
const INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

function newestInput() {
  let newest = 0
  for (const dir of SOURCES)
    for (const file of files(join(root, dir))) newest = Math.max(newest, statSync(file).mtimeMs)
  for (const file of INPUTS)
    if (existsSync(join(root, file))) newest = Math.max(newest, statSync(join(root, file)).mtimeMs)
  return newest
}

if (process.argv.includes('--if-stale') && existsSync(stamp) && statSync(stamp).mtimeMs >= newestInput())
  process.exit(0)

const started = Date.now()
rmSync(dist, { recursive: true, force: true })
// TypeScript 7: the `typescript7` package (`typescript` is 6.0, for typescript-eslint)
const tsc = spawnSync(
  process.execPath,
  [join(root, 'node_modules/typescript7/bin/tsc'), '-p', join(root, 'tsconfig.build.json')],
  { stdio: 'inherit' },
)
if (tsc.status !== 0) {
  console.error('build failed: tsc reported errors (nothing to start)')
  process.exit(1)
}
let copied = 0
for (const dir of SOURCES) {
  for (const file of files(join(root, dir))) {
    if (file.endsWith('.ts')) continue
    const target = join(dist, file.slice(root.length))
    mkdirSync(join(target, '..'), { recursive: true })
    cpSync(file, target)
    copied++
  }
}
cpSync(join(root, 'package.json'), join(dist, 'package.json'))
writeFileSync(stamp, new Date().toISOString() + '\n')
console.error(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s (${copied} assets copied)`)
