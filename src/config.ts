/**
 * Configuration from the environment, validated once at start. Defaults work on a developer machine with the
 * local PostgreSQL and Redis; an invalid value stops the process with one clear line (see server.ts).
 */
import { availableParallelism } from 'node:os'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface Config {
  host: string
  port: number
  /** the ops listener (/metrics, /ops/queues) when opsPort is set; null: the API listener serves them */
  opsHost: string
  opsPort: number | null
  databaseUrl: string
  /** how long opening a database connection may take before the request answers 503 */
  dbConnectTimeoutMs: number
  /** PostgreSQL statement_timeout of the serving pool; also bounds how long a query waits without an answer */
  dbStatementTimeoutMs: number
  redisUrl: string
  pricerThreads: number
  /** V8's old-generation growth before the next full collection, in percent (0: V8's own, 10-400% by GC speed) */
  heapGrowthPercent: number
  /**
   * V8's scavenges (young-generation collections) shared with helper threads; off by default when the main thread and
   * the pricing threads fill every core
   */
  gcParallelScavenge: boolean
  /** time limit of one request's pricing in a worker */
  pricerTaskTimeoutMs: number
  /** how long a pricing request waits for a thread before 503 */
  pricerQueueTimeoutMs: number
  /** threads of the heavy lane (callables with many call dates and coupons); 0: they run alone on the main pool */
  pricerHeavyThreads: number
  /** the heavy lane's threads under SCHED_IDLE (Linux; else, or when false, nice 19 only) */
  pricerHeavyIdle: boolean
  /**
   * the pricing threads under SCHED_BATCH (Linux): waking one never preempts the main thread (workers/lane-priority.ts)
   */
  pricerBatchScheduling: boolean
  /** heap (old generation) of each pricing worker, MB */
  pricerWorkerMaxMemoryMb: number
  logLevel: LogLevel
  /** bulk-delete jobs processed in the API process (false: only `npm run worker` processes them) */
  bulkWorkerInProcess: boolean
  /** BullMQ key prefix of the bulk-delete queue: processes share jobs only under one prefix. The default names the
   * database, so two databases (environments, test runs) on one Redis never process each other's jobs. */
  bulkQueuePrefix: string
  /** how long a bulk-delete request waits for its job; past it the job is withdrawn and the request answers 504 */
  bulkWaitTimeoutMs: number
  /** nice value of the `npm run worker` process */
  bulkWorkerNice: number
  /** rows a bulk-delete job deletes per statement */
  bulkDeleteChunkSize: number
  /** a job pauses after each chunk (as long as it took) until it has run this long; 0: no pauses */
  bulkDeleteYieldMs: number
  /** how long a stopping process lets requests in flight finish before it exits anyway */
  shutdownTimeoutMs: number
  /** load the demo bundle at start when the database holds no assets */
  loadDemoData: boolean
  bodyLimitBytes: number
  /** requests per RATE_LIMIT_WINDOW_MS per credential or client address (0: no limit), src/plugins/rate-limit.ts */
  rateLimitMax: number
  rateLimitWindowMs: number
  /** the bundle route's own body limit (POST /api/v1/pricing/bundles/) */
  bundleBodyLimitBytes: number
  /** how long a client may take to send a whole request (headers and body); not the time to answer it */
  requestTimeoutMs: number
  /** exact counts of filtered lists cached per process while the data is unchanged (entries) */
  listCountCacheSize: number
  /** load the terms of the priced assets into the cache at start (in the background) */
  pricingPrewarmTerms: boolean
  /** then rebuild the fixed-coupon bonds' instruments in the pricing threads */
  pricingPrewarmInstruments: boolean
  /** then price the book once (set `default`) at this date */
  pricingPrewarmBook: boolean
  /**
   * the book warm-up's valuation date: the latest curve observation's (`latest`), the day the service starts (`today`,
   * UTC) or a fixed day
   */
  pricingPrewarmBookDate: 'latest' | 'today' | `${number}-${number}-${number}`
  /**
   * bounds of the pricing caches (entries): context parts (terms, market parts, fixing sets) and decoded curves per
   * process, instruments and curves per worker
   */
  pricingCaches: {
    terms: number
    markets: number
    fixingSets: number
    decodedCurves: number
    workerInstruments: number
    workerInstrumentsMb: number
    workerCurves: number
    workerTrees: number
    workerTreesMb: number
  }
  /** batches above this many assets are split into jobs of this size on the pricing queue (0: never) */
  pricingBatchJobSize: number
  /** this process prices parts of batches from the queue (`npm run pricing-worker` always does) */
  pricingWorkerInProcess: boolean
  /** how long a split batch waits for its parts before answering 504 */
  pricingBatchWaitMs: number
  /** risk requests (scenarios, VaR, P&L explain, series) above this many valuations answer 202 with a job (0: never) */
  riskAsyncValuations: number
  /** valuations per part of a risk job */
  riskPartValuations: number
  /** seconds a finished risk job's result is kept */
  riskJobKeepSeconds: number
  /** a queued part's lock: a part whose process died is taken again once it lapses (BullMQ lockDuration) */
  pricingJobLockMs: number
  /** which proxies may set X-Forwarded-Proto/Host/For (Fastify's trustProxy): false, true, a hop count, or addresses */
  trustProxy: TrustProxy
  /** who may call the API (src/plugins/auth.ts): no one checked, API keys in PostgreSQL, or JWTs of an issuer */
  authMode: AuthMode
  /** a listener on a non-loopback HOST with AUTH_MODE none starts only when this says so (src/server.ts) */
  allowUnauthenticated: boolean
  /** AUTH_MODE jwt: the issuer's JWKS, its `iss` and the `aud` tokens must carry */
  authJwksUrl: string | null
  authIssuer: string | null
  authAudience: string | null
  /** a file holding the first admin API key (a compose secret), stored hashed at start (src/auth/api-keys.ts) */
  authBootstrapKeyFile: string | null
}

export const AUTH_MODES = ['none', 'api-keys', 'jwt'] as const
export type AuthMode = (typeof AUTH_MODES)[number]

export type TrustProxy = boolean | number | string[]

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got '${raw}'`)
  }
  return value
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (/^(1|true|yes|on)$/i.test(raw)) return true
  if (/^(0|false|no|off)$/i.test(raw)) return false
  throw new ConfigError(`${name} must be true or false, got '${raw}'`)
}

function prewarmDate(env: NodeJS.ProcessEnv, name: string): Config['pricingPrewarmBookDate'] {
  const raw = env[name]
  if (raw === undefined || raw === '' || raw === 'latest') return 'latest'
  if (raw === 'today') return 'today'
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw)
  // a calendar day: Date normalizes 2026-02-30 to March, which the round trip catches
  if (day && new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) === raw)
    return raw as `${number}-${number}-${number}`
  throw new ConfigError(`${name} must be latest, today or a day YYYY-MM-DD, got '${raw}'`)
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string, protocols: readonly string[]): string {
  const raw = env[name] || fallback
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ConfigError(`${name} is not a valid URL`)
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got '${parsed.protocol}'`)
  }
  return raw
}

function prefix(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback
  // BullMQ joins prefix, queue name and key with ':'; a prefix is one plain segment
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(raw))
    throw new ConfigError(`${name} must be 1-64 letters, digits, '_', '.' or '-', got '${raw}'`)
  return raw
}

function defaultQueuePrefix(databaseUrl: string): string {
  // the database name only: an API and a worker reaching one database by different host names must agree
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres'
  return `fi-${name}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64)
}

/**
 * TRUST_PROXY: false (default), true (any), a hop count, or proxy addresses/CIDRs (and loopback, linklocal,
 * uniquelocal).
 */
function trustProxy(env: NodeJS.ProcessEnv, name: string): TrustProxy {
  const raw = (env[name] ?? '').trim()
  if (raw === '') return false
  if (/^(true|false|yes|no|on|off)$/i.test(raw)) return boolean(env, name, false)
  if (/^\d+$/.test(raw)) return integer(env, name, 0, 1, 32)
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
  const bad = entries.find((e) => !/^(loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(\/\d{1,3})?)$/.test(e))
  if (bad) throw new ConfigError(`${name} must be true, false, a hop count or proxy addresses, got '${bad}'`)
  return entries
}

function opsHost(env: NodeJS.ProcessEnv, host: string): string {
  const raw = env.OPS_HOST || host
  if (/\s/.test(raw)) throw new ConfigError(`OPS_HOST must be a host name or address, got '${raw}'`)
  return raw
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`)
  }
  const databaseUrl = url(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/fixed_income', [
    'postgres:',
    'postgresql:',
  ])
  const host = env.HOST || '127.0.0.1'
  if (/\s/.test(host)) throw new ConfigError(`HOST must be a host name or address, got '${host}'`)
  const pricerThreads = integer(env, 'PRICER_THREADS', availableParallelism(), 1, 256)
  return {
    host,
    port: integer(env, 'PORT', 8000, 0, 65535),
    opsHost: opsHost(env, host),
    opsPort: env.OPS_PORT ? integer(env, 'OPS_PORT', 0, 0, 65535) : null,
    databaseUrl,
    dbConnectTimeoutMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', 3_000, 100, 60_000),
    dbStatementTimeoutMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', 5_000, 100, 600_000),
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    pricerThreads,
    heapGrowthPercent: integer(env, 'HEAP_GROWTH_PERCENT', 50, 0, 1000),
    gcParallelScavenge: boolean(env, 'GC_PARALLEL_SCAVENGE', availableParallelism() > pricerThreads + 1),
    pricerTaskTimeoutMs: integer(env, 'PRICER_TASK_TIMEOUT_MS', 10_000, 10, 600_000),
    pricerQueueTimeoutMs: integer(env, 'PRICER_QUEUE_TIMEOUT_MS', 10_000, 10, 600_000),
    pricerHeavyThreads: integer(env, 'PRICER_HEAVY_THREADS', 1, 0, 64),
    pricerHeavyIdle: boolean(env, 'PRICER_HEAVY_IDLE', false),
    pricerBatchScheduling: boolean(env, 'PRICER_BATCH_SCHEDULING', true),
    pricerWorkerMaxMemoryMb: integer(env, 'PRICER_WORKER_MAX_MEMORY_MB', 1024, 32, 65_536),
    logLevel,
    bulkWorkerInProcess: boolean(env, 'BULK_WORKER_IN_PROCESS', true),
    bulkQueuePrefix: prefix(env, 'BULK_QUEUE_PREFIX', defaultQueuePrefix(databaseUrl)),
    bulkWaitTimeoutMs: integer(env, 'BULK_WAIT_TIMEOUT_MS', 120_000, 100, 3_600_000),
    bulkWorkerNice: integer(env, 'BULK_WORKER_NICE', 10, 0, 19),
    bulkDeleteChunkSize: integer(env, 'BULK_DELETE_CHUNK_SIZE', 250, 1, 10_000),
    bulkDeleteYieldMs: integer(env, 'BULK_DELETE_YIELD_MS', 3_000, 0, 600_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 15_000, 100, 600_000),
    loadDemoData: boolean(env, 'LOAD_DEMO_DATA', true),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', 0, 0, 100_000_000),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1_000, 86_400_000),
    bundleBodyLimitBytes: integer(env, 'BUNDLE_BODY_LIMIT_BYTES', 33_554_432, 1024, 1_073_741_824),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000),
    listCountCacheSize: integer(env, 'LIST_COUNT_CACHE_SIZE', 2000, 1, 1_000_000),
    pricingPrewarmTerms: boolean(env, 'PRICING_PREWARM_TERMS', true),
    pricingPrewarmInstruments: boolean(env, 'PRICING_PREWARM_INSTRUMENTS', true),
    pricingPrewarmBook: boolean(env, 'PRICING_PREWARM_BOOK', true),
    pricingPrewarmBookDate: prewarmDate(env, 'PRICING_PREWARM_BOOK_DATE'),
    pricingCaches: {
      terms: integer(env, 'PRICING_TERMS_CACHE_SIZE', 65_536, 1, 1_000_000),
      markets: integer(env, 'PRICING_MARKET_CACHE_SIZE', 1024, 1, 1_000_000),
      fixingSets: integer(env, 'PRICING_FIXING_CACHE_SIZE', 256, 1, 1_000_000),
      decodedCurves: integer(env, 'PRICING_CURVE_CACHE_SIZE', 2048, 1, 1_000_000),
      workerInstruments: integer(env, 'PRICER_INSTRUMENT_CACHE_SIZE', 32_768, 1, 1_000_000),
      workerInstrumentsMb: integer(env, 'PRICER_INSTRUMENT_CACHE_MB', 512, 1, 65_536),
      workerCurves: integer(env, 'PRICER_CURVE_CACHE_SIZE', 512, 1, 1_000_000),
      workerTrees: integer(env, 'PRICER_TREE_CACHE_SIZE', 16_384, 1, 1_000_000),
      workerTreesMb: integer(env, 'PRICER_TREE_CACHE_MB', 192, 1, 65_536),
    },
    pricingBatchJobSize: integer(env, 'PRICING_BATCH_JOB_SIZE', 2500, 0, 10_000),
    pricingWorkerInProcess: boolean(env, 'PRICING_WORKER_IN_PROCESS', true),
    pricingBatchWaitMs: integer(env, 'PRICING_BATCH_WAIT_MS', 120_000, 100, 3_600_000),
    riskAsyncValuations: integer(env, 'RISK_ASYNC_VALUATIONS', 200_000, 0, 1_000_000_000),
    riskPartValuations: integer(env, 'RISK_PART_VALUATIONS', 50_000, 1, 100_000_000),
    riskJobKeepSeconds: integer(env, 'RISK_JOB_KEEP_SECONDS', 3600, 1, 30 * 86_400),
    pricingJobLockMs: integer(env, 'PRICING_JOB_LOCK_MS', 30_000, 1_000, 600_000),
    trustProxy: trustProxy(env, 'TRUST_PROXY'),
    ...auth(env),
  }
}

function auth(env: NodeJS.ProcessEnv) {
  const authMode = (env.AUTH_MODE || 'none') as AuthMode
  if (!AUTH_MODES.includes(authMode))
    throw new ConfigError(`AUTH_MODE must be one of ${AUTH_MODES.join(', ')}, got '${env.AUTH_MODE}'`)
  const jwt = authMode === 'jwt'
  for (const name of ['AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE'])
    if (jwt && !env[name]) throw new ConfigError(`AUTH_MODE=jwt needs ${name}`)
  return {
    authMode,
    allowUnauthenticated: boolean(env, 'ALLOW_UNAUTHENTICATED', false),
    authJwksUrl: jwt ? url(env, 'AUTH_JWKS_URL', '', ['https:', 'http:']) : null,
    authIssuer: jwt ? (env.AUTH_ISSUER as string) : null,
    authAudience: jwt ? (env.AUTH_AUDIENCE as string) : null,
    authBootstrapKeyFile: env.AUTH_BOOTSTRAP_KEY_FILE || null,
  }
}

/** For entry points: the configuration, or one clear line on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`invalid configuration: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}
