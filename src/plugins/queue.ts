/**
 * The bulk-delete queue (BullMQ on Redis), decorated as `app.bulkQueue`; its processor when
 * BULK_WORKER_IN_PROCESS is on; and the queue dashboard at `/ops/queues`. Nothing here needs Redis to start.
 * Closing waits for running jobs (worker first, then the producer), after the HTTP server stopped taking requests.
 */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createBullBoard } from '@bull-board/api'
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter'
import { FastifyAdapter } from '@bull-board/fastify'
import { BulkQueue } from '../bulk/queue.ts'
import { bulkPacing, createBulkWorker, type BulkWorker } from '../bulk/worker.ts'
import { createSql } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    bulkQueue: BulkQueue
    /** the in-process processor, null when only `npm run worker` processes jobs */
    bulkWorker: BulkWorker | null
  }
}

export const DASHBOARD_PATH = '/ops/queues'

// Read-only: the service has no authentication yet, and retrying or removing a deletion job is not an ops click.
// The dashboard page links a web font; dropped so the page renders the same offline (system font).
const WEB_FONT = /<link href="https:\/\/fonts\.googleapis\.com[^>]*>/g

async function dashboard(app: FastifyInstance, queue: BulkQueue): Promise<void> {
  const serverAdapter = new FastifyAdapter()
  serverAdapter.setBasePath(DASHBOARD_PATH)
  createBullBoard({
    queues: [new BullMQAdapter(queue.queue, { readOnlyMode: true })],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Bulk deletes' } },
  })
  await app.register(
    async (scope) => {
      // the dashboard's API reads Redis: while it is away, say so instead of leaving the page waiting
      scope.addHook('onRequest', async (request, reply) => {
        // bull-board's read-only mode guards most of its actions but not all (update-data, concurrency): refuse
        // every write at the door instead of trusting each of its routes
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return reply.code(405).header('allow', 'GET, HEAD').send({ detail: 'The queue dashboard is read-only.' })
        }
        if (!queue.ready && request.url.startsWith(`${DASHBOARD_PATH}/api/`)) {
          return reply
            .code(503)
            .send({ detail: `The queue dashboard needs Redis at ${queue.redisTarget}, which cannot be reached.` })
        }
      })
      scope.addHook('onSend', async (_request, reply, payload) => {
        const type = String(reply.getHeader('content-type') ?? '')
        return typeof payload === 'string' && type.startsWith('text/html') ? payload.replace(WEB_FONT, '') : payload
      })
      await scope.register(serverAdapter.registerPlugin())
    },
    { prefix: DASHBOARD_PATH },
  )
}

export default fp(
  async (app) => {
    const { config } = app
    const queue = new BulkQueue({
      redisUrl: config.redisUrl,
      prefix: config.bulkQueuePrefix,
      waitTimeoutMs: config.bulkWaitTimeoutMs,
      sql: app.sql,
      log: app.log,
    })
    // the in-process worker's own two connections (a job holds one for its whole transaction), whose statements may
    // run as long as a request waits (past that the job is withdrawn anyway), not the API's bound
    const workerSql = config.bulkWorkerInProcess
      ? createSql(config.databaseUrl, {
          max: 2,
          timeouts: { connectMs: config.dbConnectTimeoutMs, statementMs: config.bulkWaitTimeoutMs },
        })
      : null
    const worker = workerSql
      ? createBulkWorker({
          redisUrl: config.redisUrl,
          prefix: config.bulkQueuePrefix,
          sql: workerSql,
          log: app.log,
          pacing: bulkPacing(config),
        })
      : null
    // optional: without Redis only bulk deletes (503) and split batches (priced in process) are affected
    app.readiness.add('redis', {
      required: false,
      run: async () =>
        (await queue.ping())
          ? { status: 'ok' }
          : { status: 'down', detail: `Redis at ${queue.redisTarget} cannot be reached; bulk deletes answer 503.` },
    })
    // optional too: with no bulk worker connected (this process's or `npm run worker`), bulk deletes wait and answer
    // 504
    app.readiness.add('bulk_workers', {
      required: false,
      run: async () => {
        const workers = await queue.workersConnected()
        if (workers === null)
          return {
            status: 'down',
            detail: `Redis at ${queue.redisTarget} cannot be reached; no bulk worker can be counted.`,
          }
        if (workers === 0)
          return {
            status: 'down',
            detail:
              'No bulk worker is connected to the queue; bulk deletes would wait, then answer 504 with nothing ' +
              'deleted.',
            workers,
          }
        return { status: 'ok', workers }
      },
    })
    app.decorate('bulkQueue', queue)
    app.decorate('bulkWorker', worker)
    await dashboard(app, queue)
    app.addHook('onClose', async () => {
      // drain: the worker finishes the jobs it holds (each one transaction) before the producer and the pool go
      await worker?.close()
      await workerSql?.end({ timeout: 5 })
      await queue.close()
      app.log.info('bulk queue closed')
    })
  },
  { name: 'queue', dependencies: ['db', 'readiness'] },
)
