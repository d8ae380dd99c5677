/**
 * `GET /ready`: readiness for a load balancer or orchestrator, as opposed to `/health` (liveness, touches nothing).
 * Each dependency registers its own check with `app.readiness.add(name, check)` from the plugin that owns it
 * (db: database, queue: redis, pricer: pricing_pool, ...). Checks run in parallel, each bounded in time; the
 * answer is 503 (with Retry-After) while any required check is not ok. Optional checks (Redis: only bulk deletes
 * need it) are reported without making the instance unready. While the server drains, every answer is 503.
 */
import fp from 'fastify-plugin'

export type CheckStatus = 'ok' | 'down'

/** What one check reports: its status, a detail without secrets when down, and any figures worth showing. */
export interface CheckReport {
  status: CheckStatus
  detail?: string
  [figure: string]: unknown
}

export interface ReadinessCheck {
  /** a required check that is down makes the instance unready (503) */
  required: boolean
  run(): Promise<CheckReport> | CheckReport
}

export interface ReadinessReport {
  status: 'ready' | 'unavailable'
  /** requests being answered by this instance, this one included */
  in_flight: number
  checks: Record<string, CheckReport & { required: boolean }>
}

export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>()
  private draining = false

  constructor(private readonly timeoutMs: number) {}

  add(name: string, check: ReadinessCheck): void {
    if (this.checks.has(name)) throw new Error(`readiness check '${name}' is registered twice`)
    this.checks.set(name, check)
  }

  private active = 0
  private idle: (() => void)[] = []

  /** Requests received and not yet answered (shutdown logs and waits for them). */
  get inFlight(): number {
    return this.active
  }

  started(): void {
    this.active++
  }

  finished(): void {
    this.active = Math.max(0, this.active - 1)
    if (this.active === 0) for (const resolve of this.idle.splice(0)) resolve()
  }

  /** Resolves once no request is in flight. */
  drained(): Promise<void> {
    return this.active === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve))
  }

  get isDraining(): boolean {
    return this.draining
  }

  /** From now on the instance reports unavailable (shutdown: the balancer stops sending before connections close). */
  drain(): void {
    this.draining = true
  }

  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(
        async ([name, check]) => [name, { ...(await this.bounded(check)), required: check.required }] as const,
      ),
    )
    const checks = Object.fromEntries(entries)
    const ok = !this.draining && entries.every(([, r]) => r.status === 'ok' || !r.required)
    return {
      status: ok ? 'ready' : 'unavailable',
      in_flight: this.active,
      checks: this.draining
        ? { ...checks, shutdown: { status: 'down', detail: 'The instance is shutting down.', required: true } }
        : checks,
    }
  }

  private async bounded(check: ReadinessCheck): Promise<CheckReport> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<CheckReport>((resolve) => {
      timer = setTimeout(
        () => resolve({ status: 'down', detail: `No answer within ${this.timeoutMs} ms.` }),
        this.timeoutMs,
      )
    })
    try {
      return await Promise.race([Promise.resolve().then(() => check.run()), late])
    } catch (error) {
      // a check reports its own detail; an unexpected throw says only that it failed (no message: it may hold a URL)
      return { status: 'down', detail: `The check failed (${(error as Error).name}).` }
    } finally {
      clearTimeout(timer)
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness
  }
}

export interface ReadinessOptions {
  /** bound of each check */
  timeoutMs: number
  /** seconds a client should wait before asking again when unready */
  retryAfterSeconds: number
}

export default fp<ReadinessOptions>(
  async (app, { timeoutMs, retryAfterSeconds }) => {
    const readiness = new Readiness(timeoutMs)
    app.decorate('readiness', readiness)
    // a request is in flight from its arrival until its answer is written or its client goes away
    const counted = new WeakSet<object>()
    app.addHook('onRequest', async (request) => {
      counted.add(request)
      readiness.started()
    })
    const done = async (request: object) => {
      if (counted.delete(request)) readiness.finished()
    }
    // while draining, each answer closes its connection: a keep-alive client would otherwise hold the server open
    app.addHook('onSend', async (_request, reply) => {
      if (readiness.isDraining) reply.header('connection', 'close')
    })
    app.addHook('onResponse', done)
    app.addHook('onRequestAbort', done)
    app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
      const report = await readiness.report()
      reply.header('cache-control', 'no-store')
      if (report.status !== 'ready') reply.code(503).header('retry-after', String(retryAfterSeconds))
      return report
    })
  },
  { name: 'readiness' },
)
