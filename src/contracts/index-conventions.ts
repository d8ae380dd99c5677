/**
 * Conventions of an interest-rate index (`index_convention_details.convention_dump`): what a floating coupon
 * needs to fix and accrue. One schema for the bundle loader and the index routes; the codes in it are checked
 * by the numerical core itself (workers/operations/check-market-terms.ts) wherever conventions are written.
 */
import { Type, type Static } from 'typebox'

export const CalendarCode = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'a calendar as `{name}` with a QuantLib name (TARGET, NullCalendar, WeekendsOnly, UnitedStates::GovernmentBond, ' +
    'UnitedStates::Settlement, UnitedStates::NYSE, UnitedStates::SOFR, UnitedKingdom::Settlement, Mexico, ...) ' +
    'or `{name: "JointCalendar", calendars: [...], rule: "JoinHolidays" | "JoinBusinessDays"}`',
  examples: [{ name: 'TARGET' }],
})

export const IndexConvention = Type.Object(
  {
    tenor: Type.Optional(
      Type.String({ pattern: '^[0-9]+[DWMY]$', description: 'index tenor, e.g. 3M or 6M', examples: ['6M'] }),
    ),
    fixing_days: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 10,
        description: 'business days between fixing and value date',
        examples: [2],
      }),
    ),
    calendar: Type.Optional(CalendarCode),
    day_count: Type.Optional(
      Type.String({
        description:
          'day count code: Actual360, Actual365Fixed, Thirty360_BondBasis, ActualActual_ISDA, ... (aliases such as ' +
          'Actual/360 accepted)',
        examples: ['Actual360'],
      }),
    ),
    business_day_convention: Type.Optional(
      Type.String({
        description:
          'QuantLib business-day convention: Following, ModifiedFollowing, Preceding, ModifiedPreceding, ' +
          'Unadjusted, ... (required of an Ibor index; an overnight index: Following)',
        examples: ['ModifiedFollowing'],
      }),
    ),
    end_of_month: Type.Optional(
      Type.Boolean({ description: 'end-of-month rule of the index tenor (required of an Ibor index)' }),
    ),
    currency: Type.String({ minLength: 3, maxLength: 3, description: 'ISO currency code', examples: ['EUR'] }),
    index_kind: Type.Optional(
      Type.Enum(['ibor', 'overnight', 'inflation'], {
        description:
          'ibor (default): a term rate fixing once per coupon; overnight: a daily rate (SOFR, SONIA, €STR) whose ' +
          'floaters compound it (tenor 1D, fixing_days 0); inflation: a monthly CPI (region, availability_lag), its ' +
          'fixings the index values dated the first of their month (design §4.2)',
      }),
    ),
    region: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: "an inflation index's region" })),
    frequency: Type.Optional(Type.Literal('Monthly', { description: "an inflation index's publication frequency" })),
    availability_lag: Type.Optional(
      Type.String({ pattern: '^[0-9]+[DWMY]$', description: 'how long after its month a CPI value is published' }),
    ),
    revised: Type.Optional(Type.Boolean({ description: 'whether published values are revised (QuantLib flag)' })),
    interpolated: Type.Optional(
      Type.Boolean({ description: "QuantLib 1.29's flag: a mid-month fixing interpolates between months" }),
    ),
  },
  {
    additionalProperties: false,
    title: 'IndexConvention',
    description: 'conventions of an interest-rate index: an Ibor index, or an overnight index (index_kind)',
    allOf: [
      {
        if: { type: 'object', properties: { index_kind: { const: 'overnight' } }, required: ['index_kind'] },
        then: {
          type: 'object',
          properties: { tenor: { const: '1D' }, fixing_days: { const: 0 } },
          required: ['tenor', 'fixing_days', 'calendar', 'day_count'],
        },
      },
      {
        if: { type: 'object', properties: { index_kind: { const: 'inflation' } }, required: ['index_kind'] },
        then: { type: 'object', required: ['region', 'availability_lag'] },
        else: { type: 'object', required: ['tenor', 'fixing_days', 'calendar', 'day_count'] },
      },
      {
        if: {
          type: 'object',
          properties: { index_kind: { enum: ['overnight', 'inflation'] } },
          required: ['index_kind'],
        },
        else: { type: 'object', required: ['business_day_convention', 'end_of_month'] },
      },
    ],
    examples: [
      {
        tenor: '6M',
        fixing_days: 2,
        calendar: { name: 'TARGET' },
        day_count: 'Actual360',
        business_day_convention: 'ModifiedFollowing',
        end_of_month: true,
        currency: 'EUR',
      },
    ],
  },
)
export type IndexConvention = Static<typeof IndexConvention>
