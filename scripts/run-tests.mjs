// npm test: type-check, run every tap test under tsx, and end with a plain "N passed, N failed" line.
// `tap build` runs first because a plugin change in .taprc otherwise makes the first run rebuild tap and fail.
// Beside the tests it type-checks and checks the formatting (Prettier), lint (ESLint) and line length; each check
// that fails counts as one failure. SKIP_LINT=1 skips those three (a quick local run).
import { spawnSync, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const build = spawnSync('npx', ['tap', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
if (build.status !== 0) {
  console.log('0 passed, 1 failed')
  process.exit(1)
}

/** Runs a command to its end; resolves with its exit status. */
const run = (cmd, args) =>
  new Promise((resolve) => spawn(cmd, args, { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)))

// TypeScript 7 is the `typescript7` package (`typescript` is 6.0, whose JavaScript API typescript-eslint needs)
const tsc7 = fileURLToPath(new URL('../node_modules/typescript7/bin/tsc', import.meta.url))
const checks = [['type-check', process.execPath, [tsc7, '--noEmit', '-p', 'tsconfig.json']]]
if (process.env.SKIP_LINT !== '1')
  checks.push(
    ['format check (npm run format:check)', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
    ['lint (npm run lint)', 'npx', ['eslint', '.']],
    ['line length (npm run lint:lines)', process.execPath, ['scripts/check-line-length.mjs', '--allow=regex,import']],
  )
// beside the tests, one after another: the tests leave a core idle much of the time (they wait on PostgreSQL, Redis
// and the servers they start), which the checks use
const checked = (async () => {
  let failures = 0
  for (const [name, cmd, args] of checks) {
    if ((await run(cmd, args)) !== 0) {
      failures++
      console.error(`${name} failed`)
    }
  }
  return failures
})()

const args = ['tap', '--reporter=terse', ...process.argv.slice(2)]
const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'] })
let tail = ''
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  tail = (tail + chunk.toString()).slice(-4000)
})
child.on('close', async (code) => {
  const summary = /# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?/.exec(tail)
  const pass = summary ? Number(summary[2]) : 0
  let fail = summary ? Number(summary[1]) - pass : 1
  if (code !== 0 && fail === 0) fail = 1
  fail += await checked
  console.log(`${pass} passed, ${fail} failed`)
  process.exit(fail === 0 ? 0 : 1)
})
