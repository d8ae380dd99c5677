/**
 * Round trips of this process's own notifications on a channel: sent through the pool, received on postgres.js's one
 * LISTEN connection (`max: 1`, shared by every channel of the pool), where PostgreSQL delivers notifications in commit
 * order. One that comes back says both that the LISTEN connection is alive (listen-check.ts) and that every
 * notification committed before it was sent has been handled (change-barrier.ts).
 */
import { randomUUID } from 'node:crypto'
import type { Sql } from '../db/client.ts'

/** back: it came back; timeout: not within the bound; unsent: NOTIFY failed (the database away, the pool closed). */
export type RoundTrip = 'back' | 'timeout' | 'unsent'

export interface SelfNotifications {
  roundTrip(answerMs: number): Promise<RoundTrip>
  /** settles the round trips under way as unsent, and stops listening */
  stop(): Promise<void>
}

export async function selfNotifications(sql: Sql, channel: string): Promise<SelfNotifications> {
  const self = randomUUID()
  let sent = 0
  const waiting = new Map<string, (result: RoundTrip) => void>()
  const listener = await sql.listen(channel, (payload) => waiting.get(payload)?.('back'))
  return {
    roundTrip: (answerMs) =>
      new Promise<RoundTrip>((resolve) => {
        const payload = `${self}:${++sent}`
        const settle = (result: RoundTrip) => {
          if (!waiting.delete(payload)) return
          clearTimeout(timer)
          resolve(result)
        }
        const timer = setTimeout(() => settle('timeout'), answerMs)
        // a pending round trip does not hold a closing process open (stop settles it)
        timer.unref()
        waiting.set(payload, settle)
        sql.notify(channel, payload).catch(() => settle('unsent'))
      }),
    stop: async () => {
      for (const settle of [...waiting.values()]) settle('unsent')
      await listener.unlisten().catch(() => {})
    },
  }
}
