/**
 * What a task carries of its market data (src/pricing/task.ts): each curve as its content key and its data as JSON
 * text, one object per curve, and a floater's index conventions and fixings as one object per index and fixing set,
 * so the tasks of a message share them (structured clone writes a repeated object once); and a worker prices a
 * task whose curves are text exactly as one whose curves are data (workers/operations/market.ts).
 */
import t from 'tap'
import { build } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { runTask } from '../../workers/pool-dispatch.ts'
import type { PricingTask, TaskCurveText } from '../../src/contracts/pricing.ts'

const demo = readDemoBundle() as { assets: { uid: string; unique_identifier: string }[] }
const uidOf = (id: string) => demo.assets.find((a) => a.unique_identifier === id)!.uid

t.test(
  'tasks share one text object per curve and one conventions and fixings object per index; text and data price alike',
  async (t) => {
    const { app } = await build(t, { bundle: 'demo' })
    const tasks: PricingTask[] = []
    const run = app.pricerBatches.run.bind(app.pricerBatches)
    app.pricerBatches.run = (task: unknown) => {
      tasks.push(task as PricingTask)
      return run(task)
    }
    const payload = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }
    const price = async (id: string, op: string, parameters?: Record<string, unknown>) => {
      const r = await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${uidOf(id)}/${op}/`,
        payload: parameters ? { ...payload, parameters } : payload,
      })
      t.equal(r.statusCode, 200, `${id} ${op}: ${r.body.slice(0, 200)}`)
      return tasks[tasks.length - 1]
    }
    // two US fixed-coupon bonds on one discount curve, two SOFR floaters on one index
    const ust = await price('UST-4.25-2031-11-15', 'price')
    const strip = await price('UST-STRIP-2036-02-15', 'price')
    const frn = await price('BANKCO-FRN-SOFR-2029-03-20', 'analytics')
    const abs = await price('AUTOABS-FRN-SOFR-2030-01-25-AMORT', 'analytics')
    const carry = await price('UST-4.25-2031-11-15', 'carry-roll-down', { horizon_days: 30 })

    const discount = ust.curves.discount as TaskCurveText
    t.same(Object.keys(discount), ['cache_key', 'data'], 'a curve travels as its key and its text')
    const data = JSON.parse(discount.data) as Record<string, unknown>
    t.same(
      Object.keys(data),
      ['reference_date', 'nodes', 'building'],
      'the text holds what a worker builds the curve from',
    )
    t.ok(Array.isArray((data.nodes as { zero: unknown }).zero), 'with its nodes')
    t.equal(strip.curves.discount, discount, 'one object per curve, whatever the bond')
    t.equal(carry.curves.discount, discount, 'and whatever the operation')
    t.equal(frn.curves.projection, abs.curves.projection, 'the floaters share their projection curve')
    t.equal(frn.indexes, abs.indexes, 'and their index conventions')
    t.equal(frn.fixings, abs.fixings, 'and their fixings')
    t.same(Object.keys(ust.indexes), [], 'a fixed-coupon bond carries no index')

    // the same tasks with their curves as data: the worker's answers are the same numbers
    const asData = (task: PricingTask): PricingTask => {
      const curves: PricingTask['curves'] = {}
      for (const [role, c] of Object.entries(task.curves) as [keyof PricingTask['curves'], TaskCurveText][]) {
        curves[role] = {
          cache_key: `data-form:${c.cache_key}`,
          curve_uid: 'u',
          curve_identifier: 'c',
          ...JSON.parse(c.data),
        }
      }
      return { ...task, curves, reply_json: false }
    }
    for (const task of [ust, strip, frn, abs, carry]) {
      const byText = runTask({ ...task, reply_json: false })
      const byData = runTask(asData(task))
      t.ok(byText.ok, `${task.operation} on curve text prices`)
      t.same(byData, byText, `${task.instrument_type} ${task.operation}: the same result from curve data`)
    }
  },
)
