/**
 * The pricing worker: runs exactly one registered operation on a plain task and replies with data. Errors do
 * not keep their type across threads, so known failures are encoded as `{ok: false, error: {kind, message,
 * field}}` for the main thread to map (409 market data, 409 stored terms, 422 parameters/convergence); anything
 * else is thrown and becomes a generic 500 there.
 */
import type { OperationName, PricingTask, TaskReply, WorkerReply } from '../src/contracts/pricing.ts'
import {
  BondMaturedError,
  DateRangeError,
  MissingCurveError,
  MissingFixingError,
  QuantConvergenceError,
  QuantInputError,
} from './quant/errors.ts'
import * as ops from './operations/operations.ts'
import { carryRollDown } from './operations/carry.ts'
import { scenarios } from './operations/scenarios.ts'
import { pnlExplain } from './operations/pnl-explain.ts'
import { reportCaches } from './operations/cache-report.ts'
import { resultJson } from './result-json.ts'
// a heavy-lane thread puts itself under SCHED_IDLE as it loads (workerData.idle)
import './lane-priority.ts'

type Operation = (task: PricingTask) => Record<string, unknown>

/** The explicit registry: only these run; the operation name is never used to look up arbitrary code. */
const OPERATIONS: Readonly<Record<OperationName, Operation>> = Object.freeze({
  price: ops.price,
  analytics: ops.analytics,
  duration: ops.durationOp,
  yield: ops.yieldOp,
  'z-spread': ops.zSpread,
  cashflows: ops.cashflows,
  'net-cashflows': ops.netCashflows,
  'carry-roll-down': carryRollDown,
  'curve-preview': ops.curvePreview,
  'fixings-availability': ops.fixingsAvailability,
  risk: ops.risk,
  scenarios,
  'pnl-explain': pnlExplain,
  prewarm: ops.prewarm,
})

export type { TaskReply, WorkerReply }

function encode(error: unknown): TaskReply | null {
  if (error instanceof MissingFixingError || error instanceof MissingCurveError || error instanceof BondMaturedError)
    return { ok: false, error: { kind: 'market_data', message: error.message } }
  if (error instanceof QuantConvergenceError)
    return { ok: false, error: { kind: 'convergence', message: error.message } }
  // a request that pushes a date past QuantLib's range (far valuation date, long horizon) is the caller's to fix
  if (error instanceof DateRangeError) {
    return {
      ok: false,
      error: {
        kind: 'parameters',
        message: `a date of this pricing falls outside 1901-01-01..2199-12-31 (${error.message})`,
        field: error.field ?? 'valuation_date',
      },
    }
  }
  if (error instanceof QuantInputError) {
    const field = error.field
    if (field?.startsWith('parameters.'))
      return { ok: false, error: { kind: 'parameters', message: error.message, field } }
    if (field === 'instrument_type') return { ok: false, error: { kind: 'unsupported', message: error.message } }
    // curve data (nodes, building details, index conventions) and model parameters are market data; anything else is
    // the stored terms
    const marketData =
      field !== undefined &&
      /^(nodes|building|curve|index|fixings|curves|short_rate_model|optionlet_volatility)/.test(field)
    return {
      ok: false,
      error: { kind: marketData ? 'market_data' : 'terms', message: error.message, ...(field ? { field } : {}) },
    }
  }
  return null
}

/** Runs one task; used by the pool entry and, directly, by tests and benchmarks. */
export function runTask(task: PricingTask): TaskReply {
  const operation = OPERATIONS[task.operation]
  if (!operation)
    return {
      ok: false,
      error: { kind: 'unsupported', message: `operation '${String(task.operation)}' is not registered` },
    }
  try {
    return { ok: true, result: operation(task) }
  } catch (error) {
    const encoded = encode(error)
    if (encoded) return encoded
    throw error
  }
}

/** runTask's reply as the main thread takes it: the result as JSON text when the task asks for that. */
export function replyTo(task: PricingTask): WorkerReply {
  const r = runTask(task)
  return r.ok && task.reply_json === true ? { ok: true, json: resultJson(task.operation, r.result) } : r
}

export function run(task: PricingTask): WorkerReply {
  const r = replyTo(task)
  reportCaches()
  return r
}

/**
 * Several tasks in one message: the main thread batches the requests that arrive in the same tick. Before each
 * task the worker writes its position + 1 into `progress` (shared memory), so when the batch overruns its time
 * limit or the thread dies, the main thread knows which task was running: only that one fails, the others of
 * the batch are priced again (src/pricing/batcher.ts).
 */
export interface BatchMessage {
  tasks: PricingTask[]
  progress?: SharedArrayBuffer
}

export function runBatch({ tasks, progress }: BatchMessage): WorkerReply[] {
  const slot = progress ? new Int32Array(progress) : null
  const replies = tasks.map((task, i) => {
    if (slot) Atomics.store(slot, 0, i + 1)
    return replyTo(task)
  })
  reportCaches()
  return replies
}
