/**
 * `npm run bench`: lists the benchmarks, or runs one:
 * `npm run bench -- core|http|bulk|batch|outage|isolation|scale|scale-data|risk [args]`. Each benchmark prints its own
 * figures side by side with its baseline measured in the same run.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const BENCHES: Record<string, string> = {
  core: 'bench/core/run.ts',
  http: 'bench/http/run.ts',
  bulk: 'bench/bulk/run.ts',
  batch: 'bench/batch/run.ts',
  outage: 'bench/outage/run.ts',
  isolation: 'bench/isolation/run.ts',
  scale: 'bench/scale/run.ts',
  'scale-data': 'bench/scale/data.ts',
  risk: 'bench/risk/run.ts',
}

const [name, ...rest] = process.argv.slice(2)
if (!name || !BENCHES[name]) {
  console.log('usage: npm run bench -- <name> [args]\n')
  for (const [key, file] of Object.entries(BENCHES))
    console.log(`  ${key.padEnd(10)} ${file}${existsSync(file) ? '' : ' (not present)'}`)
  process.exit(name ? 1 : 0)
}
const run = spawnSync(process.execPath, ['--import=tsx', '--expose-gc', BENCHES[name], ...rest], { stdio: 'inherit' })
process.exit(run.status ?? 1)
