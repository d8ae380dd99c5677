/**
 * Keeps the pricing caches honest across a network partition. Other writers' commits reach this process as
 * PostgreSQL notifications on one dedicated LISTEN connection, on which nothing is ever sent: when packets are
 * dropped, neither TCP (for many minutes) nor the socket watchdog (no query waits) notices that it is dead, and
 * every notification meanwhile is lost, so cached contexts would go stale for good. Hence a heartbeat: every
 * `intervalMs` this process notifies itself through its pool; if its own notification has not come back within
 * `answerMs`, the cache is cleared (it can no longer be trusted) and a subscription to a fresh channel sends a
 * LISTEN on that connection, which the watchdog then closes if the link is dead; postgres.js reconnects and
 * re-subscribes, and the re-subscription clears the cache once more.
 */
import { randomUUID } from 'node:crypto'
import type { Sql } from '../db/client.ts'
import { selfNotifications } from './self-notify.ts'

const CHANNEL = 'pricing_cache_heartbeat'

export interface ListenCheckOptions {
  intervalMs: number
  answerMs: number
  onMissed: () => void
}

export async function startListenCheck(
  sql: Sql,
  { intervalMs, answerMs, onMissed }: ListenCheckOptions,
): Promise<() => Promise<void>> {
  const self = randomUUID()
  let probes = 0
  let beating = false
  const trips = await selfNotifications(sql, CHANNEL)

  const missed = async () => {
    onMissed()
    // activity on the LISTEN connection: a dead link now has a query waiting, which the watchdog acts on
    const probe = await sql.listen(`${CHANNEL}_${self.slice(0, 8)}_${++probes}`, () => {}).catch(() => null)
    await probe?.unlisten().catch(() => {})
  }

  const interval = setInterval(() => {
    if (beating) return
    beating = true
    // unsent: the database away, requests answer 503 anyway, and a closed LISTEN connection re-subscribes by itself
    void trips.roundTrip(answerMs).then((result) => {
      beating = false
      if (result === 'timeout') void missed()
    })
  }, intervalMs)
  interval.unref()

  return async () => {
    clearInterval(interval)
    await trips.stop()
  }
}
