/** Business-day conventions by their QuantLib names. */
import { QuantInputError } from '../errors.ts'

export const BUSINESS_DAY_CONVENTIONS = [
  'Following',
  'ModifiedFollowing',
  'Preceding',
  'ModifiedPreceding',
  'Unadjusted',
  'HalfMonthModifiedFollowing',
  'Nearest',
] as const
export type BusinessDayConvention = (typeof BUSINESS_DAY_CONVENTIONS)[number]

const ALIASES: Readonly<Record<string, BusinessDayConvention>> = {
  f: 'Following',
  mf: 'ModifiedFollowing',
  p: 'Preceding',
  mp: 'ModifiedPreceding',
  u: 'Unadjusted',
  hmmf: 'HalfMonthModifiedFollowing',
  none: 'Unadjusted',
  ...Object.fromEntries(BUSINESS_DAY_CONVENTIONS.map((name) => [name.toLowerCase(), name])),
}

export function parseBusinessDayConvention(value: string, field = 'business_day_convention'): BusinessDayConvention {
  if ((BUSINESS_DAY_CONVENTIONS as readonly string[]).includes(value)) return value as BusinessDayConvention
  const found = ALIASES[value.replace(/[\s_-]/g, '').toLowerCase()]
  if (!found)
    throw new QuantInputError(
      `${field}: unknown business-day convention '${value}' (expected one of ${BUSINESS_DAY_CONVENTIONS.join(', ')})`,
      field,
    )
  return found
}
