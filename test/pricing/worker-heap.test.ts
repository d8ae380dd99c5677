/**
 * A pricing thread starts its old generation sized for its instrument cache (src/plugins/pricer.ts), so filling the
 * cache with a book does not pay a series of full collections on the way. Here a thread retains ~150 MB of small
 * objects (a cache of instruments, in effect): at V8's default start it collects its old generation several
 * times on the way, started at the size the pricer gives it, not once.
 */
import t from 'tap'
import { Worker } from 'node:worker_threads'
import { setWorkerInitialOldGeneration, workerInitialOldGenerationMb } from '../../src/plugins/pricer.ts'
import { loadConfig } from '../../src/config.ts'

const FILL =
  `
const { PerformanceObserver, constants } = require('node:perf_hooks')
const { parentPort } = require('node:worker_threads')
let major = 0
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++
})
observer.observe({ entryTypes: ['gc'] })
const kept = []
for (let i = 0; i < 1_500; i++) kept.push(Array.from({ length: 1_000 }, (_, j) => ({ date: i * j, amount: i + j / 7, ` +
  `rate: j / 3 })))
// gc entries are delivered asynchronously
setTimeout(() => parentPort.postMessage({ major, kept: kept.length }), 200)
`

function majorCollections(): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(FILL, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 512 } })
    worker.once('message', (m: { major: number }) => {
      resolve(m.major)
      void worker.terminate()
    })
    worker.once('error', reject)
  })
}

t.test(
  'a thread started with the old generation the pricer gives it fills 150 MB without a full collection',
  async (t) => {
    const defaults = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/defaults' })
    const mb = workerInitialOldGenerationMb(
      defaults.pricerWorkerMaxMemoryMb,
      defaults.pricingCaches.workerInstrumentsMb,
    )
    t.equal(mb, 512, 'the default limits (1024 MB heap, 512 MB of instruments): half the heap')
    t.equal(workerInitialOldGenerationMb(2048, 256), 288, 'a larger heap: the instrument cache and a base')
    setWorkerInitialOldGeneration(0)
    const byDefault = await majorCollections()
    setWorkerInitialOldGeneration(mb)
    const sized = await majorCollections()
    setWorkerInitialOldGeneration(0)
    t.ok(byDefault >= 2, `at V8's default start: ${byDefault} full collections`)
    t.equal(sized, 0, `started at ${mb} MB: ${sized} full collections`)
  },
)
