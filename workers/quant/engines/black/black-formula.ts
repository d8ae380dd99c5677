/**
 * Black's formula on a (shifted) lognormal forward and Bachelier's on a normal one, undiscounted
 * (ql/pricingengines/blackformula.cpp, QuantLib 1.29): the value of a call or put on a forward with a total standard
 * deviation, e.g. an optionlet rate.
 */
import { require } from '../../errors.ts'
import { cumulativeNormal, normalDensity } from '../../math/distributions/normal.ts'

export type OptionType = 'Call' | 'Put'

const sign = (type: OptionType) => (type === 'Call' ? 1 : -1)

/**
 * Black (1976) on forward + displacement and strike + displacement. A negative value can only be rounding, so it is
 * 0 (QuantLib raises on it).
 */
export function blackFormula(
  type: OptionType,
  strike: number,
  forward: number,
  stdDev: number,
  displacement = 0,
  field?: string,
): number {
  require(displacement >= 0, () => `displacement (${displacement}) must be non-negative`, field)
  require(strike + displacement >= 0, () =>
    `strike + displacement (${strike} + ${displacement}) must be non-negative`, field)
  require(forward + displacement > 0, () =>
    `forward + displacement (${forward} + ${displacement}) must be positive`, field)
  require(stdDev >= 0, () => `stdDev (${stdDev}) must be non-negative`, field)
  const w = sign(type)
  if (stdDev === 0) return Math.max((forward - strike) * w, 0)
  const f = forward + displacement
  const k = strike + displacement
  if (k === 0) return type === 'Call' ? f : 0
  const d1 = Math.log(f / k) / stdDev + 0.5 * stdDev
  const d2 = d1 - stdDev
  return Math.max(w * (f * cumulativeNormal(w * d1) - k * cumulativeNormal(w * d2)), 0)
}

/** Bachelier (normal) formula: stdDev is in rate units. */
export function bachelierBlackFormula(
  type: OptionType,
  strike: number,
  forward: number,
  stdDev: number,
  field?: string,
): number {
  require(stdDev >= 0, () => `stdDev (${stdDev}) must be non-negative`, field)
  const d = (forward - strike) * sign(type)
  if (stdDev === 0) return Math.max(d, 0)
  const h = d / stdDev
  return Math.max(stdDev * normalDensity(h) + d * cumulativeNormal(h), 0)
}
