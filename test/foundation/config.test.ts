import t from 'tap'
import { loadConfig, ConfigError } from '../../src/config.ts'
import { availableParallelism } from 'node:os'

t.test('defaults work on this machine', async (t) => {
  const c = loadConfig({})
  t.equal(c.host, '127.0.0.1')
  t.equal(c.port, 8000)
  t.equal(c.databaseUrl, 'postgres://postgres@127.0.0.1:5432/fixed_income')
  t.equal(c.redisUrl, 'redis://127.0.0.1:6379')
  t.ok(c.pricerThreads >= 1)
  t.equal(c.logLevel, 'info')
  t.equal(c.bulkWorkerInProcess, true)
  t.equal(c.bulkQueuePrefix, 'fi-fixed_income', 'one queue per database by default')
  t.equal(
    loadConfig({ DATABASE_URL: 'postgres://u:secret@db:6000/other%20db' }).bulkQueuePrefix,
    'fi-other_db',
    'no credentials in it',
  )
  t.equal(c.bulkWaitTimeoutMs, 120_000)
  t.same(
    [c.pricerTaskTimeoutMs, c.pricerQueueTimeoutMs, c.pricerHeavyThreads, c.pricerWorkerMaxMemoryMb],
    [10_000, 10_000, 1, 1024],
    'pricing isolation',
  )
})

t.test('environment overrides', async (t) => {
  const c = loadConfig({
    HOST: '0.0.0.0',
    PORT: '9001',
    PRICER_THREADS: '3',
    LOG_LEVEL: 'warn',
    DATABASE_URL: 'postgresql://u@db:5433/x',
    REDIS_URL: 'redis://r:6380',
  })
  t.same(
    [c.host, c.port, c.pricerThreads, c.logLevel, c.databaseUrl, c.redisUrl],
    ['0.0.0.0', 9001, 3, 'warn', 'postgresql://u@db:5433/x', 'redis://r:6380'],
  )
  const bulk = loadConfig({ BULK_WORKER_IN_PROCESS: 'false', BULK_QUEUE_PREFIX: 'test-1', BULK_WAIT_TIMEOUT_MS: '500' })
  t.same([bulk.bulkWorkerInProcess, bulk.bulkQueuePrefix, bulk.bulkWaitTimeoutMs], [false, 'test-1', 500])
  t.same(
    [
      loadConfig({}).heapGrowthPercent,
      loadConfig({ HEAP_GROWTH_PERCENT: '60' }).heapGrowthPercent,
      loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent,
    ],
    [50, 60, 0],
    "HEAP_GROWTH_PERCENT: 50 unless set, 0 for V8's own growth",
  )
  t.same(
    [
      loadConfig({ PRICER_THREADS: String(availableParallelism()) }).gcParallelScavenge,
      loadConfig({ PRICER_THREADS: '1', GC_PARALLEL_SCAVENGE: 'on' }).gcParallelScavenge,
      loadConfig({ GC_PARALLEL_SCAVENGE: 'false' }).gcParallelScavenge,
    ],
    [false, true, false],
    'GC_PARALLEL_SCAVENGE: off when the pricing threads and the main thread fill every core, unless set',
  )
  t.equal(
    loadConfig({ PRICER_THREADS: '1' }).gcParallelScavenge,
    availableParallelism() > 2,
    'GC_PARALLEL_SCAVENGE: on when a core is left beyond the main thread and the pricing threads',
  )
  t.same(
    [loadConfig({}).pricingPrewarmBook, loadConfig({ PRICING_PREWARM_BOOK: 'false' }).pricingPrewarmBook],
    [true, false],
    'PRICING_PREWARM_BOOK: on unless turned off',
  )
  t.same(
    ['', 'latest', 'today', '2026-11-20'].map(
      (v) => loadConfig({ PRICING_PREWARM_BOOK_DATE: v }).pricingPrewarmBookDate,
    ),
    ['latest', 'latest', 'today', '2026-11-20'],
    'PRICING_PREWARM_BOOK_DATE: latest unless set',
  )
  for (const bad of ['2026-02-30', 'yesterday', '2026-11-20T00:00:00Z'])
    t.throws(
      () => loadConfig({ PRICING_PREWARM_BOOK_DATE: bad }),
      /^PRICING_PREWARM_BOOK_DATE must be latest, today or a day YYYY-MM-DD/,
      bad,
    )
})

t.test('invalid values fail with one clear line naming the variable', async (t) => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /^PORT must be an integer between 0 and 65535, got 'eighty'$/],
    [{ PORT: '70000' }, /^PORT must be an integer/],
    [{ PRICER_THREADS: '0' }, /^PRICER_THREADS must be an integer between 1/],
    [{ HEAP_GROWTH_PERCENT: '-5' }, /^HEAP_GROWTH_PERCENT must be an integer between 0 and 1000/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ DATABASE_URL: 'mysql://x/y' }, /^DATABASE_URL must use postgres: or postgresql:/],
    [{ REDIS_URL: 'not a url' }, /^REDIS_URL is not a valid URL$/],
    [{ BULK_WORKER_IN_PROCESS: 'maybe' }, /^BULK_WORKER_IN_PROCESS must be true or false/],
    [{ GC_PARALLEL_SCAVENGE: 'sometimes' }, /^GC_PARALLEL_SCAVENGE must be true or false/],
    [{ BULK_QUEUE_PREFIX: 'a:b' }, /^BULK_QUEUE_PREFIX must be 1-64 letters/],
    [{ BULK_WAIT_TIMEOUT_MS: '5' }, /^BULK_WAIT_TIMEOUT_MS must be an integer between 100/],
    [{ PRICER_QUEUE_TIMEOUT_MS: '0' }, /^PRICER_QUEUE_TIMEOUT_MS must be an integer between 10/],
    [{ PRICER_HEAVY_THREADS: '-1' }, /^PRICER_HEAVY_THREADS must be an integer between 0 and 64/],
    [{ PRICER_WORKER_MAX_MEMORY_MB: '16' }, /^PRICER_WORKER_MAX_MEMORY_MB must be an integer between 32/],
  ]
  for (const [env, message] of cases) {
    t.throws(() => loadConfig(env), { name: 'ConfigError', message }, JSON.stringify(env))
  }
  t.ok(new ConfigError('x') instanceof Error)
})

t.test('TRUST_PROXY: off by default, true, a hop count, or proxy addresses', async (t) => {
  t.equal(loadConfig({}).trustProxy, false)
  t.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true)
  t.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2)
  t.same(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy, ['loopback', '10.0.0.0/8'])
  t.throws(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' }), {
    name: 'ConfigError',
    message: /^TRUST_PROXY must be true, false, a hop count or proxy addresses, got 'proxy.example.com'$/,
  })
})

t.test('outage bounds, shutdown and the ops listener', async (t) => {
  const c = loadConfig({})
  t.same(
    [c.dbConnectTimeoutMs, c.dbStatementTimeoutMs, c.shutdownTimeoutMs, c.opsPort, c.opsHost],
    [3000, 5000, 15000, null, '127.0.0.1'],
  )
  const set = loadConfig({
    DB_CONNECT_TIMEOUT_MS: '500',
    DB_STATEMENT_TIMEOUT_MS: '2000',
    SHUTDOWN_TIMEOUT_MS: '1000',
    HOST: '0.0.0.0',
    OPS_PORT: '9100',
  })
  t.same(
    [set.dbConnectTimeoutMs, set.dbStatementTimeoutMs, set.shutdownTimeoutMs, set.opsPort, set.opsHost],
    [500, 2000, 1000, 9100, '0.0.0.0'],
  )
  t.equal(loadConfig({ OPS_HOST: '10.0.0.5', OPS_PORT: '9100' }).opsHost, '10.0.0.5')
  t.throws(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: '0' }), {
    name: 'ConfigError',
    message: /^DB_CONNECT_TIMEOUT_MS must be an integer between 100 and 60000, got '0'$/,
  })
  t.throws(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' }), {
    name: 'ConfigError',
    message: /^DB_STATEMENT_TIMEOUT_MS must be an integer/,
  })
  t.throws(() => loadConfig({ OPS_PORT: '70000' }), {
    name: 'ConfigError',
    message: /^OPS_PORT must be an integer between 0 and 65535/,
  })
})
