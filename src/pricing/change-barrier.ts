/**
 * Lets a write's answer wait until this process has applied the pricing-data notifications of that write, and only
 * those. Every table a pricing context reads notifies `pricing_data_changed` on commit (migration 0050), and
 * PostgreSQL delivers notifications in commit order on this process's one LISTEN connection. So a notification this
 * process sends itself after the write committed comes back after the write's own (if it made any): once it is back,
 * the caches have dropped what the write changed (self-notify.ts). Clearing every cache after every write instead (as
 * before) made any registry write (a portfolio, a category, a bulk-delete job) a cold start of the whole book: its
 * 50,000 terms read again, its instruments keyed anew.
 *
 * When the notification does not come back in time (the LISTEN connection reconnecting, a partition), or cannot be
 * sent, `onMissed` runs (the caller clears everything, as a write did before) and the write answers anyway.
 */
import type { Sql } from '../db/client.ts'
import { selfNotifications } from './self-notify.ts'

const CHANNEL = 'pricing_cache_barrier'

export interface ChangeBarrier {
  /** resolves once the notifications committed before the call have been applied (or onMissed has run) */
  sync(): Promise<void>
  stop(): Promise<void>
}

export async function startChangeBarrier(
  sql: Sql,
  { answerMs, onMissed }: { answerMs: number; onMissed: () => void },
): Promise<ChangeBarrier> {
  const trips = await selfNotifications(sql, CHANNEL)
  return {
    sync: async () => {
      if ((await trips.roundTrip(answerMs)) !== 'back') onMissed()
    },
    stop: () => trips.stop(),
  }
}
