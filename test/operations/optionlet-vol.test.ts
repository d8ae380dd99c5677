/**
 * Ibor floaters with caps, floors and in-arrears coupons priced with an optionlet volatility (design §5.1) against
 * QuantLib 1.29's BlackIborCouponPricer on a ConstantOptionletVolatility: every operation on 1,500 randomized
 * floaters (test/oracle/gen_optionlet_vol.py), Normal and shifted-lognormal vols, prices and amounts at 1e-8
 * relative (the issue's tolerance for vol-priced coupons; the normal distribution is ours, not QuantLib's fdlibm erf),
 * yields and z-spreads at 1e-9 absolute. Where QuantLib throws (a shifted-lognormal forward or strike below -shift),
 * the operation fails with a typed error.
 */
import t from 'tap'
import { checkOracleFixture } from './oracle-check.ts'

t.test('every operation on every vol-priced floater', async (t) => checkOracleFixture(t, 'optionlet_vol', 1e-8, 1500))
