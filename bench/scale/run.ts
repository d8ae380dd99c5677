/**
 * `npm run bench -- scale`: issue 13's figures, measured against the scale database (built by
 * `npm run bench -- scale-data`) and the demo database side by side in one run, each beside its target.
 *
 *   npm run bench -- scale [--only pricing,lists] [--database fixed_income_scale]
 *                          [--demo-database fixed_income_scale_demo] [--json out.json]
 *                          [section options, e.g. --duration 5]
 *
 * Sections are the files of bench/scale/sections/ (each exports `section(ctx)`, see context.ts), run in name
 * order; each starts its own API processes' state as it finds it (a section that needs cold caches restarts).
 */
import { readdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createSql, ensureDatabase } from '../../src/db/client.ts'
import { load, sequential, startServer, timeGet, type Figure, type ScaleContext } from './context.ts'

const { values, tokens } = parseArgs({
  options: {
    only: { type: 'string' },
    database: { type: 'string', default: 'fixed_income_scale' },
    'demo-database': { type: 'string', default: 'fixed_income_scale_demo' },
    json: { type: 'string' },
  },
  strict: false,
  tokens: true,
})
const OWN = new Set(['only', 'database', 'demo-database', 'json'])
const extra: Record<string, string> = {}
for (const [i, token] of tokens.entries()) {
  if (token.kind !== 'option' || OWN.has(token.name)) continue
  const next = tokens[i + 1]
  extra[token.name] = token.value ?? (next?.kind === 'positional' ? next.value : 'true')
}

const SECTIONS_DIR = fileURLToPath(new URL('./sections/', import.meta.url))
const all = readdirSync(SECTIONS_DIR)
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .map((f) => f.replace(/\.ts$/, ''))
const only = typeof values.only === 'string' ? values.only.split(',').map((s) => s.trim()) : all
const unknown = only.filter((name) => !all.includes(name))
if (unknown.length) {
  console.error(`unknown section(s): ${unknown.join(', ')}; sections: ${all.join(', ')}`)
  process.exit(1)
}

const urlOf = (name: string) => {
  const url = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  url.pathname = `/${name}`
  return url.toString()
}
const scaleUrl = urlOf(String(values.database))
const demoUrl = urlOf(String(values['demo-database']))

const admin = createSql(urlOf('postgres'), { max: 1 })
const [exists] = await admin<
  { n: number }[]
>`select count(*)::int as n from pg_database where datname = ${String(values.database)}`
await admin.end()
if (!exists.n) {
  console.error(
    `the scale database ${values.database} does not exist: build it with npm run bench -- scale-data --database ` +
      `${values.database}`,
  )
  process.exit(1)
}
await ensureDatabase(demoUrl)

const sql = { scale: createSql(scaleUrl, { max: 4 }), demo: createSql(demoUrl, { max: 4 }) }
const scale = await startServer('scale', scaleUrl, { LOAD_DEMO_DATA: 'false' })
const [{ assets }] = await sql.scale<{ assets: number }[]>`select count(*)::int as assets from assets`
const demo = await startServer('demo', demoUrl, { LOAD_DEMO_DATA: 'true' })
const [{ demoAssets }] = await sql.demo<{ demoAssets: number }[]>`select count(*)::int as "demoAssets" from assets`

const ctx: ScaleContext = {
  scale,
  demo,
  sql,
  args: extra,
  sequential,
  timeGet,
  load,
  log: (m) => console.log(`  ${m}`),
}

const fmt = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x)
    ? '–'
    : Number.isInteger(x) || Math.abs(x) >= 100
      ? x.toFixed(0)
      : Math.abs(x) >= 10
        ? x.toFixed(1)
        : x.toFixed(2)
const targetText = (f: Figure) =>
  !f.target ? '' : 'max' in f.target ? `≤ ${fmt(f.target.max)}` : `≥ ${fmt(f.target.min)}`
const met = (f: Figure) =>
  !f.target ? undefined : 'max' in f.target ? f.scale <= f.target.max : f.scale >= f.target.min
const verdict = (f: Figure) => (met(f) === undefined ? '' : met(f) ? 'met' : 'MISSED')

console.log(
  `Scale benchmark: scale database ${values.database} (${assets} assets), demo database ${values['demo-database']} ` +
    `(${demoAssets} assets); sections: ${only.join(', ')}; ${new Date().toISOString()}`,
)
const results: { section: string; figures: Figure[]; seconds: number; error?: string }[] = []
for (const name of only) {
  console.log(`\n## ${name}`)
  const started = performance.now()
  try {
    const mod = (await import(pathToFileURL(`${SECTIONS_DIR}${name}.ts`).href)) as {
      section: (c: ScaleContext) => Promise<Figure[]>
    }
    const figures = await mod.section(ctx)
    const seconds = (performance.now() - started) / 1000
    results.push({ section: name, figures, seconds })
    console.log(`\n| figure | scale | demo | unit | target | |\n|---|---:|---:|---|---|---|`)
    for (const f of figures)
      console.log(
        `| ${f.name} | ${fmt(f.scale)} | ${fmt(f.demo)} | ${f.unit} | ${targetText(f)} | ` +
          `${verdict(f)}${f.note ? ` ${f.note}` : ''} |`,
      )
    console.log(`(${seconds.toFixed(0)} s)`)
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
    results.push({ section: name, figures: [], seconds: (performance.now() - started) / 1000, error: message })
    console.log(`section ${name} failed: ${message}`)
  }
}

const targeted = results.flatMap((r) => r.figures.filter((f) => f.target))
const missed = targeted.filter((f) => !met(f))
const failed = results.filter((r) => r.error)
console.log(
  `\n${targeted.length - missed.length} of ${targeted.length} targets ` +
    `met${failed.length ? `; sections failed: ${failed.map((r) => r.section).join(', ')}` : ''}`,
)
for (const f of missed) console.log(`  missed: ${f.name} = ${fmt(f.scale)} ${f.unit} (target ${targetText(f)})`)
if (typeof values.json === 'string')
  writeFileSync(values.json, JSON.stringify({ at: new Date().toISOString(), assets, results }, null, 2))

await Promise.all([scale.stop(), demo.stop()])
await Promise.all([sql.scale.end(), sql.demo.end()])
process.exit(missed.length || failed.length ? 2 : 0)
