/**
 * How large stored terms may be. A callable's tree has about n² nodes for n close events (calls and coupons):
 * 10,711 daily call dates took 5 s and 2.6 GB per pricing. The loader refuses terms beyond these limits
 * (validateBondTerms) and the engine refuses a tree beyond its node limit before allocating it, so every
 * stored instrument prices in bounded time and memory (docs/pricing.md, "Limits of stored terms").
 */
export const TERMS_LIMITS = {
  /** entries of `callability` (call and put dates) */
  callDates: 1000,
  /** coupon periods of the schedule, stored or generated */
  couponPeriods: 1200,
  /**
   * nodes of a callable's Hull-White tree (about 36 bytes each, its layout and its fitted discounts: ~90 MB, ~150 ms
   * per valuation at the limit)
   */
  treeNodes: 2_500_000,
} as const
