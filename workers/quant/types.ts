/** Unit aliases that carry meaning, as in QuantLib's ql/types.hpp. All are plain numbers. */
export type Real = number
export type Rate = number
export type Spread = number
export type Time = number
export type DiscountFactor = number
export type Integer = number
/** A date as a QuantLib-compatible serial day number (1 = 1900-01-01, 367 = 1901-01-01, Excel-compatible). */
export type DateSerial = number
