/**
 * Stopping a process that serves: on SIGINT or SIGTERM, /ready answers 503, every listener stops accepting
 * connections, requests in flight finish (idle keep-alive connections are closed at once, new requests on busy
 * ones answer 503), then each plugin closes what it owns: pricing pool, queues (letting running jobs finish),
 * database. The drain is logged with its count and duration. Past `timeoutMs` the process exits 1 anyway, so an
 * orchestrator never waits on a stuck request. A second signal (a second later or more) exits at once.
 */
import type { FastifyInstance } from 'fastify'
import type { Server } from 'node:http'

// Ctrl-C reaches both npm and the server, and npm forwards it: one keystroke can arrive twice
const DUPLICATE_SIGNAL_MS = 1_000

export function shutdownOnSignals(app: FastifyInstance, timeoutMs: number, extraServers: Server[] = []): void {
  let closingSince = 0
  const shutdown = (signal: string) => {
    if (closingSince) {
      if (Date.now() - closingSince < DUPLICATE_SIGNAL_MS) return
      app.log.warn({ signal }, 'second signal: exiting without waiting')
      process.exit(1)
    }
    closingSince = Date.now()
    const started = closingSince
    const inFlight = app.readiness.inFlight
    app.log.info({ signal, in_flight: inFlight, timeout_ms: timeoutMs }, 'shutting down')
    app.readiness.drain()
    const timer = setTimeout(() => {
      app.log.error(
        { in_flight: app.readiness.inFlight, timeout_ms: timeoutMs },
        'drain timed out: exiting with requests unfinished',
      )
      process.exit(1)
    }, timeoutMs)
    timer.unref()
    for (const server of extraServers) {
      server.close()
      server.closeIdleConnections()
    }
    app.readiness
      .drained()
      .then(() => {
        app.log.info({ drained: inFlight, ms: Date.now() - started }, 'requests drained')
        // connections that went idle meanwhile (answered before the drain began) would keep the server open
        app.server.closeIdleConnections()
      })
      .catch(() => {})
    app.close().then(
      () => {
        app.log.info({ ms: Date.now() - started }, 'shutdown complete')
        process.exit(0)
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
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
