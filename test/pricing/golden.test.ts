/**
 * Stored terms price exactly as they did: every operation of every priced bond of the demo and of
 * examples/first-bundle.json, at three dates, against the answers recorded before the real-bonds terms were added
 * (test/pricing/golden.ts). Numbers are compared bit for bit; fields added since are allowed; an answer that was an
 * error must still be one with the same status.
 */
import t from 'tap'
import { build } from '../helpers/app.ts'
import { loadBundle } from '../../src/db/bundle/load.ts'
import { exampleBundle, goldenDifferences, readPricingGolden } from './golden.ts'

t.test('the demo and the examples price as recorded', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  await loadBundle(db.sql, exampleBundle())
  const recorded = readPricingGolden()
  t.ok(recorded.length > 500, `${recorded.length} recorded answers`)
  t.ok(recorded.filter((r) => r.status === 200).length > 400, 'most of them priced')
  const failures: string[] = []
  for (const r of recorded) {
    const response = await app.inject({ method: 'POST', url: r.url, payload: r.body })
    const where = `${r.url} ${JSON.stringify(r.body)}`
    if (response.statusCode !== r.status) {
      failures.push(`${where}: status ${response.statusCode} != ${r.status} (${response.body.slice(0, 200)})`)
      continue
    }
    if (r.status !== 200) continue
    const diffs = goldenDifferences(r.answer, JSON.parse(response.body))
    if (diffs.length) failures.push(`${where}: ${diffs.slice(0, 3).join('; ')}`)
  }
  t.same(failures.slice(0, 20), [], `${failures.length} answers differ`)
})
