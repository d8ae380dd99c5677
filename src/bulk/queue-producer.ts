/**
 * The producing side of a BullMQ queue, shared by the bulk-delete queue and the pricing-batch jobs: a producer
 * connection, and a QueueEvents built only once its own connection is ready (a QueueEvents started on an
 * unreachable Redis cannot even be closed). Connections come from createRedis: lazy, failing fast, logged once.
 */
import { Queue, QueueEvents } from 'bullmq'
import type { Redis } from 'ioredis'
import { createRedis, type LogLike } from './redis.ts'

export class QueueProducer<Data, Result> {
  readonly queue: Queue<Data, Result>
  readonly producer: Redis
  private readonly eventsConnection: Redis
  private queueEvents: QueueEvents | null = null
  private isClosed = false

  constructor(name: string, options: { redisUrl: string; prefix: string; log: LogLike }) {
    this.producer = createRedis(options.redisUrl, 'producer', options.log)
    this.eventsConnection = createRedis(options.redisUrl, 'events', options.log)
    this.queue = new Queue<Data, Result>(name, { connection: this.producer, prefix: options.prefix })
    // re-emits connection errors; createRedis logs them once per outage
    this.queue.on('error', () => {})
    this.eventsConnection.on('ready', () => {
      if (this.queueEvents || this.isClosed) return
      this.queueEvents = new QueueEvents(name, { connection: this.eventsConnection, prefix: options.prefix })
      this.queueEvents.on('error', () => {})
    })
  }

  /** The queue's event stream, once its connection has been ready. */
  get events(): QueueEvents | null {
    return this.queueEvents
  }

  get closed(): boolean {
    return this.isClosed
  }

  async close(): Promise<void> {
    this.isClosed = true
    if (this.queueEvents) {
      const closing = this.queueEvents.close().catch(() => {})
      // with Redis lost, QueueEvents.close() waits for it: stop its connection instead (nothing left to read)
      if (this.eventsConnection.status === 'ready') await closing
      else this.eventsConnection.disconnect()
    }
    await this.queue.close().catch(() => {})
    for (const connection of [this.producer, this.eventsConnection]) connection.disconnect()
  }
}
