/**
 * Decorates `app.sql` (postgres.js), ends the pool when the app closes, and reports the database to `/ready`
 * through a one-connection pool of its own (a saturated serving pool must not make a busy instance look down).
 */
import fp from 'fastify-plugin'
import { createSql, describeDatabase, type Sql } from '../db/client.ts'
import { databaseUnavailability, unavailabilityDetail } from '../db/availability.ts'

declare module 'fastify' {
  interface FastifyInstance {
    sql: Sql
  }
}

export interface DbPluginOptions {
  sql: Sql
  /** end the pool on close (false when the caller owns the pool, e.g. tests sharing one) */
  ownsPool: boolean
}

export default fp<DbPluginOptions>(
  async (app, { sql, ownsPool }) => {
    app.decorate('sql', sql)
    const { config } = app
    const probe = createSql(config.databaseUrl, {
      max: 1,
      idleTimeoutSeconds: 30,
      timeouts: { connectMs: config.dbConnectTimeoutMs, statementMs: config.dbStatementTimeoutMs },
    })
    app.readiness.add('database', {
      required: true,
      run: async () => {
        const started = performance.now()
        try {
          await probe`select 1`
          return { status: 'ok', latency_ms: Math.round((performance.now() - started) * 10) / 10 }
        } catch (error) {
          const kind = databaseUnavailability(error) ?? 'unreachable'
          return {
            status: 'down',
            detail: `PostgreSQL at ${describeDatabase(config.databaseUrl)}: ${unavailabilityDetail(kind)}`,
          }
        }
      },
    })
    app.addHook('onClose', async () => {
      await probe.end({ timeout: 1 })
      if (!ownsPool) return
      await sql.end({ timeout: 5 })
      app.log.info('database pool closed')
    })
  },
  { name: 'db', dependencies: ['readiness'] },
)
