/**
 * `app.pricingJobs`: batches above PRICING_BATCH_JOB_SIZE assets go to the `pricing-batches` queue (src/risk/jobs.ts);
 * `app.pricingWorker`: this process's share of that queue when PRICING_WORKER_IN_PROCESS (the API by default,
 * `npm run pricing-worker` always). Nothing here needs Redis to start; closing lets running parts finish.
 */
import fp from 'fastify-plugin'
import { PricingJobs, PricingWorker } from '../risk/jobs.ts'

declare module 'fastify' {
  interface FastifyInstance {
    pricingJobs: PricingJobs
    pricingWorker: PricingWorker | null
  }
}

export default fp(
  async (app) => {
    const { config } = app
    const jobs = new PricingJobs(app, {
      redisUrl: config.redisUrl,
      prefix: config.bulkQueuePrefix,
      jobSize: config.pricingBatchJobSize,
      waitTimeoutMs: config.pricingBatchWaitMs,
    })
    const worker = config.pricingWorkerInProcess
      ? new PricingWorker(app, {
          redisUrl: config.redisUrl,
          prefix: config.bulkQueuePrefix,
          onCompleted: (job) =>
            app.log.info({ job: job.id, assets: job.data.asset_uids.length }, 'pricing job completed'),
        })
      : null
    app.decorate('pricingJobs', jobs)
    app.decorate('pricingWorker', worker)
    app.addHook('onClose', async () => {
      await worker?.close()
      await jobs.close()
    })
  },
  { name: 'pricing-jobs', dependencies: ['pricer', 'pricing-cache'] },
)
