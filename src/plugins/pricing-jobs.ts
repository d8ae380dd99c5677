/**
 * `app.pricingJobs`: batches above PRICING_BATCH_JOB_SIZE assets go to the `pricing-batches` queue (src/risk/jobs.ts);
 * `app.pricingWorker`: this process's share of that queue when PRICING_WORKER_IN_PROCESS (the API by default,
 * `npm run pricing-worker` always). Nothing here needs Redis to start; closing lets running parts finish.
 */
import fp from 'fastify-plugin'
import { PricingJobs, PricingWorker, type PricingJobData } from '../risk/jobs.ts'
import { RiskJobs } from '../risk/risk-jobs.ts'

declare module 'fastify' {
  interface FastifyInstance {
    pricingJobs: PricingJobs
    pricingWorker: PricingWorker | null
    riskJobs: RiskJobs
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
          lockMs: config.pricingJobLockMs,
          onCompleted: (job) =>
            app.log.info(
              { job: job.id, name: job.name, assets: (job.data as PricingJobData).asset_uids?.length },
              'pricing job completed',
            ),
        })
      : null
    const risk = new RiskJobs(app, {
      redisUrl: config.redisUrl,
      prefix: config.bulkQueuePrefix,
      asyncValuations: config.riskAsyncValuations,
      partValuations: config.riskPartValuations,
      keepSeconds: config.riskJobKeepSeconds,
    })
    app.decorate('pricingJobs', jobs)
    app.decorate('pricingWorker', worker)
    app.decorate('riskJobs', risk)
    app.addHook('onClose', async () => {
      await worker?.close()
      await risk.close()
      await jobs.close()
    })
  },
  { name: 'pricing-jobs', dependencies: ['pricer', 'pricing-cache'] },
)
