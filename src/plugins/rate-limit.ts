/**
 * Optional rate limits (RATE_LIMIT_MAX requests per RATE_LIMIT_WINDOW_MS, off at 0, the default): per credential (the
 * key's name or the token's subject) or, without authentication, per client address, counted in Redis so every
 * instance shares the count (@fastify/rate-limit). Over the limit: 429 with `Retry-After` and `{detail}`. Public
 * routes (health, readiness, documents) are not limited; with Redis away the limit is not enforced (logged).
 */
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { createRedis } from '../bulk/redis.ts'
import { requestScope } from './auth.ts'
import { HttpError } from '../http/errors.ts'

export default fp(
  async (app) => {
    const { config } = app
    if (config.rateLimitMax === 0) return
    const redis = createRedis(config.redisUrl, 'producer', app.log)
    app.addHook('onClose', async () => redis.disconnect())
    await app.register(rateLimit, {
      global: true,
      // after authentication: the caller is known
      hook: 'preHandler',
      max: config.rateLimitMax,
      timeWindow: config.rateLimitWindowMs,
      redis,
      nameSpace: `${config.bulkQueuePrefix}:rate:`,
      skipOnError: true,
      allowList: (request) => requestScope(request) === 'public',
      keyGenerator: (request) => (request.principal ? `sub:${request.principal.subject}` : `ip:${request.ip}`),
      // thrown by the plugin: an HttpError, so the error handler answers it as every refusal, {detail}
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          `Rate limit: ${context.max} requests per ${context.after}; retry in ${Math.ceil(context.ttl / 1000)} s.`,
        ) as unknown as object,
    })
  },
  { name: 'rate-limit', dependencies: ['auth'] },
)
