/**
 * Typed failures of the numerical core. The worker turns them into plain error objects; the HTTP layer maps
 * `QuantInputError` to 422/409 and anything else to a generic 500.
 */

/** Invalid instrument terms, parameters or curve data: the caller can fix the input. `field` names it. */
export class QuantInputError extends Error {
  override readonly name: string = 'QuantInputError'
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

/**
 * A date outside 1901-01-01..2199-12-31, QuantLib's range: the request (a far valuation date, a long horizon)
 * pushed a date out of it, which the caller can fix (422).
 */
export class DateRangeError extends QuantInputError {
  override readonly name = 'DateRangeError'
}

/** A solver did not bracket or did not converge within its evaluation budget. */
export class QuantConvergenceError extends Error {
  override readonly name = 'QuantConvergenceError'
  constructor(
    message: string,
    readonly iterations?: number,
  ) {
    super(message)
  }
}

/** QL_REQUIRE: fail loudly, quoting the bad value in the message. */
export function require(condition: boolean, message: string | (() => string), field?: string): asserts condition {
  if (!condition) throw new QuantInputError(typeof message === 'string' ? message : message(), field)
}

/** Guard for results: the core never returns NaN or Infinity. */
export function requireFinite(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new QuantInputError(`${what} is not a finite number (${value})`)
  return value
}

/** A fixing the instrument needs (fixing date before the evaluation date) is not in the index history. */
export class MissingFixingError extends Error {
  override readonly name = 'MissingFixingError'
  constructor(
    readonly index: string,
    readonly date: string,
  ) {
    super(`Missing ${index} fixing for ${date}`)
  }
}

/** An operation needs a market-data curve the task does not carry. */
export class MissingCurveError extends Error {
  override readonly name = 'MissingCurveError'
  constructor(readonly role: string) {
    super(`no ${role} curve was supplied for this operation`)
  }
}

/**
 * The bond has no cash flow after the settlement date: nothing is left to price (the service refuses; QuantLib answers
 * 0).
 */
export class BondMaturedError extends Error {
  override readonly name = 'BondMaturedError'
}
