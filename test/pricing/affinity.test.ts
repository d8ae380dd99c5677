/**
 * Instrument affinity (src/pricing/batcher.ts): a task goes to the thread its instrument key hashes to, so a
 * book priced twice is rebuilt once in all; the instrument cache is bounded by count and by estimated bytes.
 */
import t from 'tap'
import { Piscina } from 'piscina'
import { BoundedCache } from '../../src/caches/bounded-cache.ts'
import { PoolBusy, shardBalancer, shardOf, TaskBatcher } from '../../src/pricing/batcher.ts'
import { instrument, instruments } from '../../workers/operations/valuation.ts'
import { loadFixture } from '../helpers/fixtures.ts'
import { taskFor, type OracleCase, type PoolCurve } from '../operations/oracle-cases.ts'

t.test('a weighted cache evicts least recently used entries down to its weight bound', async (t) => {
  const cache = new BoundedCache<number>(100, (v) => v, 10)
  cache.set('a', 4)
  cache.set('b', 4)
  t.equal(cache.get('a'), 4, 'a used last')
  cache.set('c', 4)
  t.equal(cache.get('b'), undefined, 'b, the least recently used, left for the weight bound')
  t.same([cache.get('a'), cache.get('c')], [4, 4])
  cache.set('big', 50)
  t.equal(cache.size, 1, 'an entry heavier than the bound stays alone')
  cache.resize(100, 200)
  cache.set('d', 1)
  t.equal(cache.size, 2)
  cache.clear()
  cache.set('e', 150)
  t.equal(cache.size, 1, 'clear forgets the weights')
})

t.test('an entry that grew in place is weighed again: the others make room, the bytes stay exact', async (t) => {
  const sizes = new Map<string, number>()
  const cache = new BoundedCache<string>(100, (k) => sizes.get(k)!, 10)
  for (const k of ['a', 'b', 'c']) {
    sizes.set(k, 3)
    cache.set(k, k)
  }
  t.equal(cache.stats().bytes, 9)
  sizes.set('c', 6)
  cache.reweigh('c')
  t.same(
    [...cache.peekEntries()].map(([k]) => k),
    ['b', 'c'],
    'the oldest left for the grown one',
  )
  t.equal(cache.stats().bytes, 9, 'the grown weight counted once')
  sizes.set('c', 1)
  cache.reweigh('c')
  cache.reweigh('gone')
  t.equal(cache.stats().bytes, 4, 'a shrunk one too; an absent key is no entry')
})

t.test(
  'reads only mark entries: a pass over a cache below its bound moves none, and eviction spares what was read',
  async (t) => {
    const cache = new BoundedCache<number>(4)
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, 1)
    for (const k of ['d', 'c', 'b', 'a', 'c']) cache.get(k)
    t.same(
      [...cache.peekEntries()].map(([k]) => k),
      ['a', 'b', 'c', 'd'],
      'the reads left the order as stored',
    )
    cache.get('a')
    cache.set('e', 1)
    t.same(
      [...cache.peekEntries()].map(([k]) => k),
      ['b', 'c', 'd', 'e'],
      'every entry was read: one full turn unmarks them, then the oldest goes',
    )
    const fresh = new BoundedCache<number>(3)
    for (const k of ['a', 'b', 'c']) fresh.set(k, 1)
    fresh.get('a')
    fresh.set('d', 1)
    t.same(
      [...fresh.peekEntries()].map(([k]) => k),
      ['c', 'd', 'a'],
      'the unread oldest (b) left; the read one (a) was spared and moved behind the new one',
    )
    t.equal(fresh.stats().hits, 1)
  },
)

t.test(
  'a cache keeps a key read over and over while others come and go, and its bookkeeping stays exact',
  async (t) => {
    const cache = new BoundedCache<number>(1000, (v) => v, 5000)
    cache.set('hot', 1)
    const live = new Map<string, number>([['hot', 1]])
    let seed = 7
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    let lost = 0
    for (let i = 0; i < 30_000; i++) {
      if (cache.get('hot') !== 1) lost++
      if (i % 2 === 0) {
        const key = `k${Math.floor(rand() * 3000)}`
        const weight = 1 + Math.floor(rand() * 9)
        cache.set(key, weight)
        live.set(key, weight)
      } else cache.get(`k${Math.floor(rand() * 3000)}`)
    }
    const entries = [...cache.peekEntries()]
    t.equal(lost, 0, 'the hot key was never evicted')
    t.equal(entries.length, cache.size, 'peekEntries lists every entry once')
    t.equal(new Set(entries.map(([k]) => k)).size, entries.length)
    t.ok(cache.size <= 1000, `count bound held (${cache.size})`)
    t.same(
      entries.filter(([k, v]) => live.get(k) !== v),
      [],
      'each entry holds the value last stored',
    )
    const weight = entries.reduce((sum, [, v]) => sum + v, 0)
    t.ok(weight <= 5000, `weight bound held (${weight})`)
    cache.resize(10, 30)
    t.ok(
      cache.size <= 10 && [...cache.peekEntries()].reduce((a, [, v]) => a + v, 0) <= 30,
      'a smaller bound evicts down to it',
    )
    const stats = cache.stats()
    t.equal(stats.size, cache.size)
    cache.clear()
    cache.set('after', 2)
    t.same([...cache.peekEntries()], [['after', 2]], 'a clear starts over')
  },
)

/** A batcher over `threads` echo threads (each reports its thread id per task), routed by instrument key. */
function echoBatcher(
  t: { teardown(fn: () => unknown): void },
  threads: number,
  queueTimeoutMs: () => number = () => 10_000,
): TaskBatcher {
  const pool = new Piscina({
    filename: new URL('../helpers/thread-echo.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    loadBalancer: shardBalancer(threads),
  })
  t.teardown(() => pool.destroy())
  return new TaskBatcher({ lanes: { main: pool, heavy: null }, threads, timeoutMs: () => 10_000, queueTimeoutMs })
}

t.test('each instrument key goes to one thread: a second pass over a book rebuilds nothing', async (t) => {
  // a pool whose worker reports its thread id per task; the batcher routes by the tasks' instrument keys
  const batcher = echoBatcher(t, 2)
  const keys = Array.from({ length: 400 }, (_, i) => `key-${i}`)
  const pass = async () => {
    const threads = new Map<string, number>()
    // 50 at a time, as 50 connections would send them
    for (let i = 0; i < keys.length; i += 50) {
      const chunk = keys.slice(i, i + 50)
      const replies = (await Promise.all(chunk.map((k) => batcher.run({ instrument_key: k })))) as { thread: number }[]
      chunk.forEach((k, j) => threads.set(k, replies[j].thread))
    }
    return threads
  }
  const first = await pass()
  const second = await pass()
  const used = new Set(first.values())
  t.equal(used.size, 2, 'both threads work')
  const moved = keys.filter((k) => first.get(k) !== second.get(k)).length
  t.ok(
    moved <= keys.length * 0.1,
    `a key runs on the same thread in both passes (${moved} of ${keys.length} moved by load balancing)`,
  )
  // one key requested many times in one turn is spread over both threads
  const hot = (await Promise.all(Array.from({ length: 40 }, () => batcher.run({ instrument_key: 'hot' })))) as {
    thread: number
  }[]
  t.equal(new Set(hot.map((r) => r.thread)).size, 2, 'a hot key is priced on both threads')
})

t.test(
  "an idle thread takes part of a busy shard's backlog only when it is long: a short one waits for its own thread",
  async (t) => {
    const batcher = echoBatcher(t, 2)
    const keys = Array.from({ length: 2000 }, (_, i) => `k-${i}`).filter((k) => shardOf(k, 2) === 0)
    await Promise.all([batcher.run({ instrument_key: 'w-1' }), batcher.run({ instrument_key: 'w-2' })])
    // the shard's thread is held by a long task while its backlog arrives, the other thread idle
    const backlog = async (n: number) => {
      const [first, ...rest] = keys.slice(0, n + 1)
      const long = batcher.run({ instrument_key: first, sleep_ms: 300 }) as Promise<{ thread: number }>
      await new Promise((resolve) => setImmediate(resolve))
      const guestsBefore = batcher.guests
      const replies = (await Promise.all(rest.map((k) => batcher.run({ instrument_key: k })))) as { thread: number }[]
      const home = (await long).thread
      return { away: replies.filter((r) => r.thread !== home).length, guests: batcher.guests - guestsBefore }
    }
    const short = await backlog(10)
    t.equal(short.away, 0, 'ten waiting tasks all ran on their own thread')
    t.equal(short.guests, 0, 'no guest')
    const long = await backlog(200)
    t.ok(long.away > 0, `of 200 waiting tasks, ${long.away} ran on the idle thread`)
    t.equal(long.guests, long.away, 'each counted as a guest')
  },
)

t.test(
  "a shard keeps its thread whatever order Piscina lists the threads in, and a replacement takes its predecessor's " +
    'shards',
  async (t) => {
    const balance = shardBalancer(2)
    const worker = (id: number) =>
      ({ id, currentUsage: 0, terminating: false, destroyed: false }) as unknown as Parameters<
        typeof balance
      >[1][number]
    const to = (shard: number, workers: ReturnType<typeof worker>[]) =>
      (
        balance({ [Piscina.queueOptionsSymbol]: { shard } } as unknown as Parameters<typeof balance>[0], workers) as {
          id: number
        } | null
      )?.id
    const [a, b, c, d] = [worker(11), worker(12), worker(13), worker(14)]
    t.same([to(0, [a, b]), to(1, [a, b])], [11, 12])
    // the list in readiness order changed (the failure this fixes: both threads then built every instrument)
    t.same([to(0, [b, a]), to(1, [b, a])], [11, 12], 'reordered: the same homes')
    // a thread started while the one it replaces is still listed waits for its slot
    t.same([to(0, [a, b, c]), to(1, [a, b, c])], [11, 12])
    t.same([to(0, [b, c]), to(1, [b, c])], [13, 12], 'the replacement takes the slot its predecessor left')
    t.same([to(0, [d, c, b]), to(1, [c, b])], [13, 12], 'and keeps it')
  },
)

t.test('a guest task reads the instrument cache of its thread but does not fill it', async (t) => {
  const fixture = loadFixture<OracleCase>('bonds') as ReturnType<typeof loadFixture<OracleCase>> & {
    curves: PoolCurve[]
  }
  const c = fixture.cases.find((x) => x.kind === 'FixedRateBond' && !x.error)!
  const task = (key: string, guest: boolean) => ({
    ...taskFor(c, fixture.curves, 'price', {}),
    instrument_key: key,
    guest,
  })
  instruments.clear()
  instrument(task('guest-only', true))
  t.equal(instruments.size, 0, 'a guest rebuilds without caching')
  const home = instrument(task('shared', false))
  t.equal(instruments.size, 1, 'a task at home caches')
  t.equal(instrument(task('shared', true)), home, 'a guest reads what its thread cached')
  t.equal(instruments.size, 1)
})

t.test("a task waiting for its shard's thread longer than the queue bound answers PoolBusy", async (t) => {
  // the bound is read by every sweep: long while the thread starts, then short
  let bound = 10_000
  const batcher = echoBatcher(t, 1, () => bound)
  await batcher.run({ instrument_key: 'warm-up' })
  bound = 150
  const long = batcher.run({ instrument_key: 'a', sleep_ms: 800 })
  await new Promise((resolve) => setImmediate(resolve))
  const waiting = batcher.run({ instrument_key: 'b' })
  await t.rejects(waiting, PoolBusy, 'refused once the bound passed, without waiting for the thread')
  t.match(await long, { key: 'a' }, 'the running task is answered')
})
