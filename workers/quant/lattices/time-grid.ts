/**
 * TimeGrid (ql/timegrid.hpp, QuantLib 1.29): every mandatory time is on the grid, with regularly spaced
 * points between them so that the largest step is about last/steps.
 */
import { require } from '../errors.ts'
import { closeEnough } from '../math/close.ts'

export class TimeGrid {
  readonly times: Float64Array
  readonly dts: Float64Array

  constructor(mandatory: readonly number[], steps: number) {
    const sorted = [...mandatory].sort((a, b) => a - b)
    require(sorted.length > 0 && sorted[0] >= 0, 'negative times not allowed')
    const unique: number[] = []
    for (const t of sorted) if (unique.length === 0 || !closeEnough(unique[unique.length - 1], t)) unique.push(t)
    const last = unique[unique.length - 1]
    const dtMax = last / steps
    const times: number[] = [0]
    let periodBegin = 0
    for (const periodEnd of unique) {
      if (periodEnd !== 0) {
        // the nearest integer, at least 1
        const nSteps = Math.max(Math.round((periodEnd - periodBegin) / dtMax), 1)
        const dt = (periodEnd - periodBegin) / nSteps
        for (let n = 1; n <= nSteps; n++) times.push(periodBegin + n * dt)
      }
      periodBegin = periodEnd
    }
    this.times = Float64Array.from(times)
    this.dts = new Float64Array(times.length - 1)
    for (let i = 1; i < times.length; i++) this.dts[i - 1] = times[i] - times[i - 1]
  }

  get size(): number {
    return this.times.length
  }

  closestIndex(t: number): number {
    const times = this.times
    let lo = 0
    let hi = times.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (times[mid] < t) lo = mid + 1
      else hi = mid
    }
    if (lo === 0) return 0
    if (lo === times.length) return times.length - 1
    return times[lo] - t < t - times[lo - 1] ? lo : lo - 1
  }

  /** The index of a time on the grid; a time off the grid is an error, as in QuantLib. */
  index(t: number): number {
    const i = this.closestIndex(t)
    require(closeEnough(t, this.times[i]), () => `using inadequate time grid: the time ${t} is not on it`)
    return i
  }
}
