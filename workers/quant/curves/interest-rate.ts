/** Interest rates with compounding and frequency (ql/interestrate.hpp), as plain functions on plain data. */
import type { DateSerial, Rate, Time } from '../types.ts'
import { QuantInputError, require } from '../errors.ts'
import type { DayCounter } from '../time/day-counter.ts'
import { Frequency } from '../time/period.ts'

export type Compounding = 'Simple' | 'Compounded' | 'Continuous' | 'SimpleThenCompounded' | 'CompoundedThenSimple'
export const COMPOUNDINGS: readonly Compounding[] = [
  'Simple',
  'Compounded',
  'Continuous',
  'SimpleThenCompounded',
  'CompoundedThenSimple',
]

export interface InterestRate {
  rate: Rate
  dayCounter: DayCounter
  compounding: Compounding
  /** periods per year (QuantLib Frequency value) */
  frequency: number
}

function checkFrequency(compounding: Compounding, frequency: number): void {
  if (
    compounding === 'Compounded' ||
    compounding === 'SimpleThenCompounded' ||
    compounding === 'CompoundedThenSimple'
  ) {
    require(frequency !== Frequency.Once &&
      frequency !== Frequency.NoFrequency, 'frequency not allowed for this interest rate')
  }
}

export function interestRate(
  rate: Rate,
  dayCounter: DayCounter,
  compounding: Compounding,
  frequency: number,
): InterestRate {
  checkFrequency(compounding, frequency)
  return { rate, dayCounter, compounding, frequency }
}

/** QuantLib's InterestRate::compoundFactor(t). */
export function compoundFactor(r: Rate, compounding: Compounding, frequency: number, t: Time): number {
  if (!(t >= 0)) throw new QuantInputError(`negative time (${t}) not allowed`)
  return compoundFormula(r, compounding, frequency, t)
}

/** The compound-factor formula itself, for any t (callers that accept a negative step; see cashflows.ts). */
export function compoundFormula(r: Rate, compounding: Compounding, frequency: number, t: Time): number {
  switch (compounding) {
    case 'Simple':
      return 1 + r * t
    case 'Compounded':
      return Math.pow(1 + r / frequency, frequency * t)
    case 'Continuous':
      return Math.exp(r * t)
    case 'SimpleThenCompounded':
      return t <= 1 / frequency ? 1 + r * t : Math.pow(1 + r / frequency, frequency * t)
    case 'CompoundedThenSimple':
      return t <= 1 / frequency ? Math.pow(1 + r / frequency, frequency * t) : 1 + r * t
  }
}

export const discountFactor = (r: Rate, compounding: Compounding, frequency: number, t: Time) =>
  1 / compoundFactor(r, compounding, frequency, t)

/** QuantLib's InterestRate::impliedRate(compound, dc, comp, freq, t). */
export function impliedRate(compound: number, compounding: Compounding, frequency: number, t: Time): Rate {
  require(compound > 0, 'positive compound factor required')
  if (compound === 1) {
    require(t >= 0, () => `non negative time (${t}) required`)
    return 0
  }
  require(t > 0, () => `positive time (${t}) required`)
  switch (compounding) {
    case 'Simple':
      return (compound - 1) / t
    case 'Compounded':
      return (Math.pow(compound, 1 / (frequency * t)) - 1) * frequency
    case 'Continuous':
      return Math.log(compound) / t
    case 'SimpleThenCompounded':
      return t <= 1 / frequency ? (compound - 1) / t : (Math.pow(compound, 1 / (frequency * t)) - 1) * frequency
    case 'CompoundedThenSimple':
      return t <= 1 / frequency ? (Math.pow(compound, 1 / (frequency * t)) - 1) * frequency : (compound - 1) / t
  }
}

/** QuantLib's InterestRate::equivalentRate(comp, freq, t). */
export function equivalentRate(r: InterestRate, compounding: Compounding, frequency: number, t: Time): Rate {
  return impliedRate(compoundFactor(r.rate, r.compounding, r.frequency, t), compounding, frequency, t)
}

export function rateDiscountFactor(
  r: InterestRate,
  d1: DateSerial,
  d2: DateSerial,
  refStart?: DateSerial,
  refEnd?: DateSerial,
): number {
  return discountFactor(r.rate, r.compounding, r.frequency, r.dayCounter.yearFraction(d1, d2, refStart, refEnd))
}
