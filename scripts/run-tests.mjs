// npm test: type-check, run every tap test under tsx, and end with a plain "N passed, N failed" line.
// `tap build` runs first because a plugin change in .taprc otherwise makes the first run rebuild tap and fail.
import { spawnSync, spawn } from 'node:child_process'

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts })

let typeFailures = 0
const build = run('npx', ['tap', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
if (build.status !== 0) { console.log('0 passed, 1 failed'); process.exit(1) }

const tsc = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])
if (tsc.status !== 0) { typeFailures = 1; console.error('type-check failed') }

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
  fail += typeFailures
  console.log(`${pass} passed, ${fail} failed`)
  process.exit(fail === 0 ? 0 : 1)
})
