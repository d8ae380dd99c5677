/**
 * Bulk deletes second to pricing for CPU. Deleting 10,000 portfolios keeps one PostgreSQL backend busy for a
 * second or more; when PostgreSQL shares this host's cores with the API, that backend competes with the pricing
 * threads, and pricing latency doubles while it runs. The bulk worker therefore lowers the CPU priority (nice) of
 * the backend that runs its transaction, for the first `budgetMs` of the job: pricing comes first, the delete uses
 * what is left. Past the budget the backend is restored to normal priority, so a saturated machine cannot starve
 * a delete beyond a bounded time.
 *
 * Only a backend this host can see is touched: the database URL must name a loopback address (or a socket) and
 * /proc/<pid>/comm must say `postgres`. Elsewhere (a database on another host, a container) the backend does not
 * share our cores and nothing is done. Renicing another user's process needs CAP_SYS_NICE; without it the first
 * attempt logs one line and the worker goes on at normal priority.
 */
import { readFileSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import type { Config } from '../config.ts'
import type { TransactionSql } from '../db/client.ts'
import type { LogLike } from './redis.ts'

export interface BackendPriority {
  /** nice value of the backend while the job is within its budget (0: leave it alone) */
  nice: number
  budgetMs: number
  databaseUrl: string
  log: LogLike
}

/** The configured priority of bulk work (BULK_WORKER_NICE for BULK_WORKER_NICE_MS), for a worker's options. */
export const bulkPriority = (config: Config): Omit<BackendPriority, 'log'> => ({ nice: config.bulkWorkerNice, budgetMs: config.bulkWorkerNiceMs, databaseUrl: config.databaseUrl })

const LOCAL_HOSTS = new Set(['', 'localhost', '127.0.0.1', '[::1]', '::1'])

/** Whether the database URL names this host (a socket directory host is also local). */
export function isLocalDatabase(databaseUrl: string): boolean {
  let url: URL
  try {
    url = new URL(databaseUrl)
  } catch {
    return false
  }
  const socket = url.searchParams.get('host')
  if (socket?.startsWith('/')) return true
  return LOCAL_HOSTS.has(url.hostname) || url.hostname.startsWith('127.')
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres')
  } catch {
    return false
  }
}

let refused = false

/**
 * Lowers the priority of `tx`'s backend now and restores it after the budget; call the returned function when
 * the job's transaction ends (it stops the timer; the backend of the worker's own pool may stay low until then).
 */
export async function lowerBackendPriority(tx: TransactionSql, options: BackendPriority): Promise<() => void> {
  const none = () => {}
  if (options.nice <= 0 || refused || !isLocalDatabase(options.databaseUrl)) return none
  const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`
  if (!isPostgresProcess(pid)) return none
  const set = (nice: number): boolean => {
    try {
      if (getPriority(pid) !== nice) setPriority(pid, nice)
      return true
    } catch (error) {
      if (!refused) options.log.warn({ pid, err: (error as Error).message }, 'bulk worker: cannot change the CPU priority of its PostgreSQL backend; bulk deletes compete with pricing for CPU')
      refused = true
      return false
    }
  }
  if (!set(options.nice)) return none
  const timer = setTimeout(() => set(0), options.budgetMs)
  timer.unref()
  return () => {
    clearTimeout(timer)
    set(0)
  }
}
