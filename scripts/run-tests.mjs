// npm test: type-check, run every tap test under tsx, and end with a plain "N passed, N failed" line.
// `tap build` runs first because a plugin change in .taprc otherwise makes the first run rebuild tap and fail.
// It also checks the formatting (Prettier), lint (ESLint) and line length; each check that fails, like the
// type-check, counts as one failure. SKIP_LINT=1 skips those three (a quick local run).
import { spawnSync, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts })

let checkFailures = 0
const build = run('npx', ['tap', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
if (build.status !== 0) {
  console.log('0 passed, 1 failed')
  process.exit(1)
}

// TypeScript 7 is the `typescript7` package (`typescript` is 6.0, whose JavaScript API typescript-eslint needs)
const tsc7 = fileURLToPath(new URL('../node_modules/typescript7/bin/tsc', import.meta.url))
const tsc = run(process.execPath, [tsc7, '--noEmit', '-p', 'tsconfig.json'])
if (tsc.status !== 0) {
  checkFailures = 1
  console.error('type-check failed')
}

if (process.env.SKIP_LINT !== '1') {
  const checks = [
    ['format check (npm run format:check)', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
    ['lint (npm run lint)', 'npx', ['eslint', '.']],
    ['line length (npm run lint:lines)', process.execPath, ['scripts/check-line-length.mjs', '--allow=string']],
  ]
  for (const [name, cmd, args] of checks) {
    if (run(cmd, args).status !== 0) {
      checkFailures++
      console.error(`${name} failed`)
    }
  }
}

const args = ['tap', '--reporter=terse', ...process.argv.slice(2)]
const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'] })
let tail = ''
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  tail = (tail + chunk.toString()).slice(-4000)
})
child.on('close', (code) => {
  const summary = /# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?/.exec(tail)
  const pass = summary ? Number(summary[2]) : 0
  let fail = summary ? Number(summary[1]) - pass : 1
  if (code !== 0 && fail === 0) fail = 1
  fail += checkFailures
  console.log(`${pass} passed, ${fail} failed`)
  process.exit(fail === 0 ? 0 : 1)
})
