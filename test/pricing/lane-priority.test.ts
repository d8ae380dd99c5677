/**
 * The heavy lane's threads run under SCHED_IDLE (workers/lane-priority.ts): a thread of a pool started with
 * workerData.idle reports policy 5 (SCHED_IDLE) in /proc; a pool without it leaves every thread's policy alone.
 */
import t from 'tap'
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

const idleThreads = () => policies().filter((p) => p === SCHED_IDLE).length

t.test('a pool started with workerData.idle runs its thread under SCHED_IDLE; others keep their policy', { skip: process.platform !== 'linux' && 'Linux only' }, async (t) => {
  const before = idleThreads()
  const plain = new Piscina({ filename: ENTRY, name: 'runBatch', minThreads: 1, maxThreads: 1, workerData: { idle: false } })
  await plain.run({ tasks: [] })
  t.equal(idleThreads(), before, 'no thread of a plain pool is SCHED_IDLE')
  const heavy = new Piscina({ filename: ENTRY, name: 'runBatch', minThreads: 1, maxThreads: 1, workerData: { idle: true } })
  await heavy.run({ tasks: [] })
  t.equal(idleThreads(), before + 1, "the heavy pool's thread is SCHED_IDLE")
  await Promise.all([plain.destroy(), heavy.destroy()])
})
