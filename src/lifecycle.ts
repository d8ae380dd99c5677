/**
 * Stopping a process that serves: on SIGINT or SIGTERM, /ready answers 503, every listener stops accepting
 * connections, requests in flight finish (idle keep-alive connections are closed at once, new requests on busy
 * ones answer 503), then each plugin closes what it owns: pricing pool, queues (letting running jobs finish),
 * database. The drain is logged with its count and duration. Past `timeoutMs` the process exits 1 anyway, so an
 * orchestrator never waits on a stuck request or a connection that does not close. A second signal (a second later or
 * more) exits at once. The log's last lines get a share of the bound, not more (log-stream.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { Server } from 'node:http'
import type { LogStream } from './log-stream.ts'

// Ctrl-C reaches both npm and the server, and npm forwards it: one keystroke can arrive twice
const DUPLICATE_SIGNAL_MS = 1_000
/** The longest the last log lines may take to be written at exit (a tenth of the bound when that is shorter). */
const LOG_FLUSH_MS = 1_000

export function shutdownOnSignals(
  app: FastifyInstance,
  timeoutMs: number,
  extraServers: Server[] = [],
  logs?: LogStream,
): void {
  const flushMs = Math.min(LOG_FLUSH_MS, Math.floor(timeoutMs / 10))
  const exit = (code: number, ms = flushMs) => {
    if (!logs) process.exit(code)
    void logs.close(ms).then(() => process.exit(code))
  }
  let closingSince = 0
  let phase = 'draining requests'
  const shutdown = (signal: string) => {
    if (closingSince) {
      if (Date.now() - closingSince < DUPLICATE_SIGNAL_MS) return
      app.log.warn({ signal }, 'second signal: exiting without waiting')
      exit(1, 0)
      return
    }
    closingSince = Date.now()
    const started = closingSince
    const inFlight = app.readiness.inFlight
    app.log.info({ signal, in_flight: inFlight, timeout_ms: timeoutMs }, 'shutting down')
    app.readiness.drain()
    const timer = setTimeout(() => {
      app.log.error(
        { in_flight: app.readiness.inFlight, timeout_ms: timeoutMs, phase },
        `shutdown timed out while ${phase}: exiting`,
      )
      exit(1)
    }, timeoutMs - flushMs)
    timer.unref()
    for (const server of extraServers) {
      server.close()
      server.closeIdleConnections()
    }
    app.readiness
      .drained()
      .then(() => {
        app.log.info({ drained: inFlight, ms: Date.now() - started }, 'requests drained')
        phase = 'closing the pricing pool, queues and database'
        // connections that went idle meanwhile (answered before the drain began) would keep the server open
        app.server.closeIdleConnections()
      })
      .catch(() => {})
    app.close().then(
      () => {
        app.log.info({ ms: Date.now() - started }, 'shutdown complete')
        exit(0)
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        exit(1)
      },
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal))
  // started by npm (`npm start`): should npm die without passing a signal on, do not serve on as an orphan
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid
    setInterval(() => {
      if (process.ppid !== parent) shutdown('parent exited')
    }, 1_000).unref()
  }
}
