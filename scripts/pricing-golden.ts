/**
 * `npm run pricing-golden`: records the answers of every pricer operation on the demo's and
 * examples/first-bundle.json's bonds (test/pricing/golden.ts) in test/fixtures/pricing-golden.json.gz. Run it only to
 * record a deliberate change of prices: test/pricing/golden.test.ts proves the code still answers exactly what was
 * recorded.
 */
import { build } from '../test/helpers/app.ts'
import { loadBundle } from '../src/db/bundle/load.ts'
import {
  exampleBundle,
  pricingGoldenRequests,
  recordPricingAnswers,
  writePricingGolden,
  PRICING_GOLDEN_PATH,
} from '../test/pricing/golden.ts'

const teardowns: (() => unknown)[] = []
try {
  const { app, db } = await build({ teardown: (fn) => void teardowns.unshift(fn) }, { bundle: 'demo' })
  await loadBundle(db.sql, exampleBundle())
  const answers = await recordPricingAnswers(app, pricingGoldenRequests())
  writePricingGolden(answers)
  const counts = new Map<number, number>()
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1)
  console.log(
    `${answers.length} answers (${[...counts].map(([s, n]) => `${n} × ${s}`).join(', ')}) written to ` +
      `${PRICING_GOLDEN_PATH}`,
  )
} finally {
  for (const fn of teardowns) await fn()
}
