/** Decorates `app.sql` (postgres.js) and ends the pool when the app closes. */
import fp from 'fastify-plugin'
import type { Sql } from '../db/client.ts'

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
    if (ownsPool) {
      app.addHook('onClose', async () => {
        await sql.end({ timeout: 5 })
        app.log.info('database pool closed')
      })
    }
  },
  { name: 'db' },
)
