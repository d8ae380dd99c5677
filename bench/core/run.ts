/**
 * bench/core: the numerical core against QuantLib 1.29 C++ on the same cases, side by side in one run
 * (`npm run bench -- core [seconds per case]`). The C++ side (quantlib_bench.cpp) is compiled here against
 * libquantlib0-dev into bench/.build/. Prints mean µs per operation and the speed-up; then a heap-growth check
 * over 1,000,000 pricings.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CASES, fixedBond } from './cases.ts'
import { runTask } from '../../workers/pool-dispatch.ts'
import type { PricingTask } from '../../src/contracts/pricing.ts'

const seconds = Number(process.argv[2] ?? 1)
const pricings = Number(process.argv[3] ?? 1_000_000)
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const source = here('./quantlib_bench.cpp')
const binary = here('../.build/quantlib_bench')

function timeIt(f: () => number): number {
  let sink = 0
  for (let i = 0; i < 2000; i++) sink += f()
  let n = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < seconds * 1000) {
    for (let i = 0; i < 100; i++) sink += f()
    n += 100
    elapsed = performance.now() - start
  }
  if (Number.isNaN(sink)) throw new Error('a case returned NaN')
  return (elapsed / n) * 1000
}

if (!existsSync(binary) || statSync(binary).mtimeMs < statSync(source).mtimeMs) {
  mkdirSync(here('../.build'), { recursive: true })
  console.log('compiling the QuantLib side (g++ -O2, libquantlib0-dev)...')
  execFileSync('g++', ['-O2', '-std=c++17', source, '-o', binary, '-lQuantLib'], { stdio: 'inherit' })
}
const ql = JSON.parse(execFileSync(binary, [String(seconds)], { encoding: 'utf8' })) as Record<string, number> & {
  check: Record<string, number>
}

const TARGETS: Record<string, number> = {
  fixed_build_npv: 3,
  amortizing_fixed_build_npv: 3,
  zero_build_npv: 3,
  floating_build_npv: 3,
  amortizing_floating_build_npv: 3,
  callable_build_npv: 1.5,
  overnight_build_npv: 3,
  cpi_build_npv: 3,
  fixed_yield: 10,
  fixed_z_spread: 10,
  eom_step_up_build_npv: 3,
  business252_build_npv: 3,
  fixed_yield_continuous_act365: 10,
}
console.log(
  `\nbench/core: mean µs per operation, ${seconds} s per case; QuantLib 1.29 C++ (g++ -O2) vs our core (Node ` +
    `${process.version})\n`,
)
console.log('| case | QuantLib µs | ours µs | speed-up | target |')
console.log('|---|---:|---:|---:|---:|')
for (const [name, f] of Object.entries(CASES)) {
  const ours = timeIt(f)
  const speedup = ql[name] / ours
  const target = TARGETS[name]
  console.log(
    `| ${name} | ${ql[name].toFixed(2)} | ${ours.toFixed(2)} | ${speedup.toFixed(1)}x | ` +
      `${target ? `≥${target}x ${speedup >= target ? 'met' : 'MISSED'}` : '–'} |`,
  )
}
console.log(
  `\nsame numbers: fixed NPV ${CASES.fixed_build_npv().toFixed(10)} vs ${ql.check.fixed_npv.toFixed(10)}, floating ` +
    `${CASES.floating_build_npv().toFixed(10)} vs ${ql.check.floating_npv.toFixed(10)}, callable ` +
    `${CASES.callable_build_npv().toFixed(10)} vs ${ql.check.callable_npv.toFixed(10)}, step-up ` +
    `${CASES.eom_step_up_build_npv().toFixed(10)} vs ${ql.check.step_up_npv.toFixed(10)}, Business/252 ` +
    `${CASES.business252_build_npv().toFixed(10)} vs ${ql.check.business252_npv.toFixed(10)}, overnight FRN ` +
    `${CASES.overnight_build_npv().toFixed(10)} vs ${ql.check.overnight_npv.toFixed(10)}, CPI bond ` +
    `${CASES.cpi_build_npv().toFixed(10)} vs ${ql.check.cpi_npv.toFixed(10)}`,
)

// heap growth: price through the worker's own entry point a million times (no instrument cache)
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) {
  console.log('\nheap check skipped: run with --expose-gc (npm run bench -- core does)')
} else {
  const task: PricingTask = {
    operation: 'price',
    asset_uid: 'bench',
    instrument_type: 'FixedRateBond',
    terms: {
      ...(fixedBond && {}),
      ...JSON.parse(
        JSON.stringify({
          face_value: 100,
          issue_date: '2024-11-20',
          maturity_date: '2029-11-20',
          day_count: 'ActualActual_Bond',
          calendar: { name: 'TARGET' },
          settlement_days: 2,
          coupon_frequency: '6M',
          coupon_rate: 0.05,
        }),
      ),
    },
    valuation_date: '2026-11-20',
    indexes: {},
    fixings: {},
    parameters: {},
    curves: {
      discount: {
        cache_key: 'bench',
        curve_uid: 'bench',
        curve_identifier: 'BENCH',
        reference_date: '2026-11-20',
        nodes: { days_to_maturity: [0, 365, 3650], zero: [0.03, 0.035, 0.04] },
        building: {
          interpolation_method: 'linear_zero',
          compounding: 'Continuous',
          frequency: 'NoFrequency',
          day_counter: 'Actual365Fixed',
        },
      },
    },
  }
  for (let i = 0; i < 10_000; i++) runTask(task)
  gc()
  const before = process.memoryUsage().heapUsed
  const start = performance.now()
  for (let i = 0; i < pricings; i++) runTask(task)
  const elapsed = performance.now() - start
  gc()
  const after = process.memoryUsage().heapUsed
  console.log(
    `\nheap after ${pricings.toLocaleString('en')} pricings: ${(before / 1048576).toFixed(1)} MiB → ` +
      `${(after / 1048576).toFixed(1)} MiB (growth ${((after - before) / 1024).toFixed(0)} KiB), ` +
      `${((elapsed / pricings) * 1000).toFixed(2)} µs per task`,
  )
}
