/**
 * The pricer operations against QuantLib 1.29 on 5,000 randomized instruments of five classes: prices and
 * amounts at 1e-10 relative, yields and z-spreads at 1e-9 absolute, dates exact (test/oracle/gen_bonds.py).
 */
import t from 'tap'
import { checkOracleFixture } from './oracle-check.ts'

t.test('every operation on every oracle instrument', async (t) => checkOracleFixture(t, 'bonds', 1e-10, 5000))
