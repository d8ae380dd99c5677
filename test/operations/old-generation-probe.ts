/**
 * Run by old-generation.test.ts in a process of its own (node --expose-gc --import=tsx): prices the oracle's bonds
 * over and over with their instruments cached, as a pricing thread does a book, and prints, per operation, the old
 * generation's growth per task between two full collections (what the scavenges promoted). Argument `pretenuring`:
 * leave V8's allocation-site pretenuring on (the pricer turns it off, src/plugins/pricer.ts).
 */
import v8 from 'node:v8'
import { loadFixture } from '../helpers/fixtures.ts'
import { taskFor, type OracleCase, type PoolCurve } from './oracle-cases.ts'
import { runTask } from '../../workers/pool-dispatch.ts'
import { floaterPlans, instruments } from '../../workers/operations/valuation.ts'
import { builtCurves } from '../../workers/operations/market.ts'
import { disablePretenuring } from '../../src/plugins/pricer.ts'
import type { OperationName, PricingTask } from '../../src/contracts/pricing.ts'

if (process.argv[2] !== 'pretenuring') disablePretenuring()
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')
instruments.resize(100_000, 1 << 30)
floaterPlans.resize(100_000, 1 << 30)
builtCurves.resize(100_000)
const fixture = loadFixture<OracleCase>('bonds') as ReturnType<typeof loadFixture<OracleCase>> & { curves: PoolCurve[] }
const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size

const out: Record<string, number> = {}
for (const operation of ['price', 'analytics'] as OperationName[]) {
  // the tasks as text, parsed one at a time as a thread receives them: a task lives as long as its pricing
  const texts: [string, PricingTask['fixings']][] = []
  for (const [i, c] of fixture.cases.entries()) {
    if (c.error) continue
    // each case its own instrument, cached as a book's bonds are (a floater's key holds its date and curve)
    const task = { ...taskFor(c, fixture.curves, operation, {}), instrument_key: `case-${i}`, plan_key: `case-${i}` }
    // the fixings travel as SharedArrayBuffers, by reference: the text holds the rest
    if (runTask(task).ok) texts.push([JSON.stringify({ ...task, fixings: {} }), task.fixings])
  }
  const rounds = Math.ceil(40_000 / texts.length)
  const run = () => {
    for (let r = 0; r < rounds; r++)
      for (const [text, fixings] of texts) runTask({ ...(JSON.parse(text) as PricingTask), fixings })
  }
  // the first rounds settle V8's feedback (pretenuring decisions included); the measured ones follow
  run()
  gc()
  const before = oldSpace()
  run()
  out[operation] = (oldSpace() - before) / (rounds * texts.length)
  out[`${operation}_tasks`] = rounds * texts.length
}
console.log(JSON.stringify(out))
