/**
 * What the main thread (src/) uses of the workers' code, in one place: the checks the loader and the index routes run
 * on terms and conventions (the numerical core's own rules, so nothing is written that a worker would refuse), the
 * fixing-set encoding the tasks carry, the business days of a curve's calendar, and the pricing workers' cache
 * report. The pool itself is started from workers/pool-entry.mjs (src/plugins/pricer.ts) and spoken to through the
 * task and reply types of src/contracts/pricing.ts.
 */
export { iborTenorIssue, scheduleWarnings, validateBondTerms } from './operations/rebuild-instrument.ts'
export { curveBuildingIssue, indexConventionIssue } from './operations/check-market-terms.ts'
export { encodeFixings } from './operations/fixing-set.ts'
export { DATE_GENERATION_RULES } from './quant/time/schedule.ts'
// business days of a curve's calendar: the VaR window and the series route (src/risk/business-days.ts)
export { calendarFromTerms } from './quant/time/calendars/index.ts'
export { advance, type Calendar } from './quant/time/calendar.ts'
export { fromIso, toIso } from './quant/time/date.ts'
export { HULL_WHITE_A, HULL_WHITE_SIGMA, TREE_STEPS } from './quant/engines/callable/tree-callable-bond-engine.ts'
export {
  CACHE_STATS_CHANNEL,
  WORKER_CACHES,
  type WorkerCacheLimits,
  type WorkerCacheName,
  type WorkerCacheReport,
} from './operations/cache-report.ts'
