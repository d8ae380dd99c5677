/**
 * `npm run lists-golden`: records the answers of every list and frame route over the golden data
 * (test/lists/golden-data.ts) in test/fixtures/lists-golden.json.gz. Run it only to record a deliberate change
 * of list answers: test/lists/golden.test.ts proves the code still answers exactly what was recorded.
 */
import { build } from '../test/helpers/app.ts'
import { goldenBundle } from '../test/lists/golden-data.ts'
import { GOLDEN_PATH, goldenRequests, recordAnswers, writeGolden } from '../test/lists/golden.ts'

const teardowns: (() => unknown)[] = []
try {
  const { app } = await build({ teardown: (fn) => void teardowns.unshift(fn) }, { bundle: goldenBundle() })
  const golden = await recordAnswers(app, goldenRequests())
  const failed = Object.entries(golden).filter(([, a]) => a.status !== 200)
  for (const [url, a] of failed) console.error(`${a.status} ${url} ${JSON.stringify(a.body)}`)
  writeGolden(golden)
  console.log(`${Object.keys(golden).length} answers (${failed.length} not 200) written to ${GOLDEN_PATH}`)
} finally {
  for (const fn of teardowns) await fn()
}
