/**
 * yieldMeasures (workers/quant/cashflows/cashflows.ts) gives the three durations, the convexity and the BPV from one
 * computation of the live flows: bit for bit what each function gives alone, at every leg, day counter, settlement
 * and NPV date. And the yield functions keep no state between calls: alternating the arguments gives exactly what
 * each call gives first, and what the same flows give in a leg of their own. With a YieldFlowsWorkspace (calls that
 * share their live flows) every call still gives its own arguments' figures.
 */
import t from 'tap'
import {
  basisPointValue,
  convexity,
  duration,
  npvYield,
  yieldFlowsWorkspace,
  yieldFromNpv,
  yieldMeasures,
  type YieldFlowsWorkspace,
} from '../../../workers/quant/cashflows/cashflows.ts'
import { fixedBond, TODAY } from '../../../bench/core/cases.ts'
import { actualActual } from '../../../workers/quant/time/daycounters/actual-actual.ts'
import { actual360 } from '../../../workers/quant/time/daycounters/actual360.ts'
import type { InterestRate } from '../../../workers/quant/curves/interest-rate.ts'

const leg = fixedBond.cashflows
const y = (dayCounter: InterestRate['dayCounter']): InterestRate => ({
  rate: 0.045,
  dayCounter,
  compounding: 'Compounded',
  frequency: 2,
})
const bond = y(actualActual('Bond'))
const a360 = y(actual360)
const later = TODAY + 400

/** every yield function at these arguments, in one list */
const figures = (
  l: typeof leg,
  r: InterestRate,
  settlement: number,
  npvDate = settlement,
  ws?: YieldFlowsWorkspace,
) => [
  npvYield(l, r, settlement, npvDate, ws),
  duration(l, r, 'Modified', settlement, npvDate, ws),
  duration(l, r, 'Macaulay', settlement, npvDate, ws),
  duration(l, r, 'Simple', settlement, npvDate, ws),
  convexity(l, r, settlement, npvDate, ws),
  basisPointValue(l, r, settlement, npvDate, ws),
]

/** the figures at a settlement today and later, under Actual/360, and at a later NPV date */
const variants = () => ({
  today: figures(leg, bond, TODAY),
  later: figures(leg, bond, later),
  a360: figures(leg, a360, TODAY),
  npvLater: figures(leg, bond, TODAY, later),
})

t.test('alternating legs, day counters, settlements and NPV dates: each call its own flows', async (t) => {
  const first = variants()
  t.not(first.today[0], first.later[0], 'another settlement, another NPV')
  t.not(first.today[1], first.a360[1], 'another day counter, another duration')
  t.not(first.today[0], first.npvLater[0], 'another NPV date, another NPV')
  for (let i = 0; i < 3; i++) {
    t.same(figures(leg, bond, later), first.later, 'later settlement again')
    t.same(figures(leg, bond, TODAY), first.today, 'today again')
    t.same(figures(leg, a360, TODAY), first.a360, 'Actual/360 again')
    t.same(figures(leg, bond, TODAY, later), first.npvLater, 'later NPV date again')
  }
  // a leg of the same flows, one flow less: its own figures
  const shorter = leg.slice(0, -2).concat(leg.slice(-1))
  t.not(figures(shorter, bond, TODAY)[0], first.today[0], 'a leg without one coupon has its own NPV')
  t.same(figures([...leg], bond, TODAY), first.today, 'a copy of the leg: the same figures')
})

t.test("yieldMeasures: each figure bit for bit its own function's", async (t) => {
  const shorter = leg.slice(0, -2).concat(leg.slice(-1))
  const cases: [string, typeof leg, InterestRate, number, number][] = [
    ['today', leg, bond, TODAY, TODAY],
    ['later settlement', leg, bond, later, later],
    ['Actual/360', leg, a360, TODAY, TODAY],
    ['later NPV date', leg, bond, TODAY, later],
    ['a shorter leg', shorter, bond, TODAY, TODAY],
    ['an empty leg', [], bond, TODAY, TODAY],
  ]
  for (const [name, l, r, settlement, npvDate] of cases) {
    const [, modified, macaulay, simple, conv, bpv] = figures(l, r, settlement, npvDate)
    t.same(yieldMeasures(l, r, settlement, npvDate), { simple, modified, macaulay, convexity: conv, bpv }, name)
  }
  t.equal(
    yieldMeasures(leg, { ...bond, compounding: 'Continuous' }, TODAY).macaulay,
    null,
    'no Macaulay duration without a compounded rate (duration refuses it)',
  )
  t.throws(
    () => duration(leg, { ...bond, compounding: 'Continuous' }, 'Macaulay', TODAY),
    /compounded rate required/,
    'as duration does',
  )
})

t.test(
  'sharing the live flows: every call within the scope gives what it gives alone, whatever the arguments',
  async (t) => {
    const alone = {
      ...variants(),
      settledLater: figures(leg, bond, later, TODAY),
      shorter: figures(leg.slice(0, -2).concat(leg.slice(-1)), bond, TODAY),
      measures: yieldMeasures(leg, bond, TODAY),
      yield: yieldFromNpv(leg, 100, bond.dayCounter, 'Compounded', 2, TODAY, TODAY, {
        accuracy: 1e-10,
        maxIterations: 100,
        guess: 0.05,
      }),
    }
    // each call right after one whose arguments differ from its own in one respect alone
    const ws = yieldFlowsWorkspace()
    const within = (() => {
      const y = yieldFromNpv(
        leg,
        100,
        bond.dayCounter,
        'Compounded',
        2,
        TODAY,
        TODAY,
        { accuracy: 1e-10, maxIterations: 100, guess: 0.05 },
        ws,
      )
      const measures = yieldMeasures(leg, bond, TODAY, TODAY, ws)
      const today = figures(leg, bond, TODAY, TODAY, ws)
      const shorter = figures(leg.slice(0, -2).concat(leg.slice(-1)), bond, TODAY, TODAY, ws)
      figures(leg, bond, TODAY, TODAY, ws)
      const a360Figures = figures(leg, a360, TODAY, TODAY, ws)
      figures(leg, bond, TODAY, TODAY, ws)
      const settledLater = figures(leg, bond, later, TODAY, ws)
      figures(leg, bond, TODAY, TODAY, ws)
      const npvLater = figures(leg, bond, TODAY, later, ws)
      return {
        yield: y,
        measures,
        later: figures(leg, bond, later, later, ws),
        today,
        settledLater,
        shorter,
        a360: a360Figures,
        npvLater,
      }
    })()
    t.ok(ws.last !== null, 'the workspace kept the last flows')
    t.same(within, alone, 'the same figures')
    t.same(figures(leg, bond, later), alone.later, 'and after the scope, as before it')
  },
)
