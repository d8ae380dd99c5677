// Piscina's entry for the pricing pool. Node 20 does not carry tsx's loader into worker threads, so the worker
// registers it itself before loading the TypeScript dispatcher (see design §9).
import { register } from 'tsx/esm/api'

register()
const dispatcher = await import('./pool-dispatch.ts')

export const run = dispatcher.run
export const runBatch = dispatcher.runBatch
