/**
 * The heavy lane's threads run under SCHED_IDLE and the main pool's under SCHED_BATCH (workers/lane-priority.ts): a
 * thread of a pool started with workerData.idle reports policy 5 (SCHED_IDLE) in /proc, with workerData.batch policy 3
 * (SCHED_BATCH); a pool without them leaves every thread's policy alone.
 */
import t, { type Test } from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import { Piscina } from 'piscina'

const ENTRY = new URL('../../workers/pool-entry.mjs', import.meta.url).href
const SCHED_IDLE = 5

/** Scheduling policy of each thread of this process (field 41 of /proc/<pid>/task/<tid>/stat). */
function policies(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    // the command name (field 2) may hold spaces: count fields after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[41 - 3])
  })
}

const SCHED_BATCH = 3
const LINUX = { skip: process.platform !== 'linux' && 'Linux only' }

/**
 * A pool of one thread started with `workerData[flag]` false, then one with it true: only the second's thread takes
 * `policy`.
 */
async function onlyFlaggedPoolTakes(t: Test, flag: 'idle' | 'batch', policy: number, name: string): Promise<void> {
  const count = () => policies().filter((p) => p === policy).length
  const before = count()
  const plain = new Piscina({
    filename: ENTRY,
    name: 'runBatch',
    minThreads: 1,
    maxThreads: 1,
    workerData: { [flag]: false },
  })
  await plain.run({ tasks: [] })
  t.equal(count(), before, `no thread of a plain pool is ${name}`)
  const flagged = new Piscina({
    filename: ENTRY,
    name: 'runBatch',
    minThreads: 1,
    maxThreads: 1,
    workerData: { [flag]: true },
  })
  await flagged.run({ tasks: [] })
  t.equal(count(), before + 1, `the ${flag} pool's thread is ${name}`)
  await Promise.all([plain.destroy(), flagged.destroy()])
}

t.test('a pool started with workerData.batch runs its thread under SCHED_BATCH; a plain pool does not', LINUX, (t) =>
  onlyFlaggedPoolTakes(t, 'batch', SCHED_BATCH, 'SCHED_BATCH'),
)

t.test('a pool started with workerData.idle runs its thread under SCHED_IDLE; others keep their policy', LINUX, (t) =>
  onlyFlaggedPoolTakes(t, 'idle', SCHED_IDLE, 'SCHED_IDLE'),
)
