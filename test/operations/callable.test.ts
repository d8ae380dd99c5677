/**
 * CallableFixedRateBond against QuantLib 1.29's TreeCallableFixedRateBondEngine (Hull-White a=0.03, sigma=0.01,
 * 40 steps) on 1,000 randomized instruments: tree prices at 1e-8 relative, yields and z-spreads at 1e-9
 * absolute (test/oracle/gen_callable.py).
 */
import t from 'tap'
import { checkOracleFixture } from './oracle-check.ts'

t.test('every operation on every callable oracle instrument', async (t) =>
  checkOracleFixture(t, 'callable', 1e-8, 1000),
)
