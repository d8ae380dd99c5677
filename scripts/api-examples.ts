/**
 * `npm run api-examples`: sends every operation's example request (src/api-docs/examples.ts) to the service over
 * the demo bundle, each write against its own fresh copy of the demo, and records the 2xx answers in
 * src/api-docs/example-responses.json (arrays of objects cut to three items). Any example that does not answer
 * 2xx is printed and the file is not written.
 */
import { writeFileSync } from 'node:fs'
import { EXAMPLE_RESPONSES_FILE } from '../src/api-docs/examples.ts'
import { build } from '../test/helpers/app.ts'
import {
  documentedOperations,
  readOnly,
  sendExample,
  sendOnFreshDemo,
  type DocumentedOperation,
} from '../test/helpers/examples.ts'

/** An app over its own copy of the demo, and how to close it (database dropped, connections ended). */
async function fresh() {
  const teardowns: (() => unknown)[] = []
  const { app } = await build({ teardown: (fn) => void teardowns.unshift(fn) }, { bundle: 'demo' })
  return {
    app,
    close: async () => {
      for (const fn of teardowns) await fn()
    },
  }
}

/** Arrays of objects cut to three: an example shows the shape, not every row. */
function trim(value: unknown): unknown {
  if (Array.isArray(value))
    return (value.length > 3 && value.every((v) => v && typeof v === 'object') ? value.slice(0, 3) : value).map(trim)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v)]))
  return value
}

const shared = await fresh()
try {
  const operations: DocumentedOperation[] = documentedOperations(shared.app)
  const recorded: Record<string, unknown> = {}
  const failures: string[] = []
  for (const op of operations) {
    const answer = readOnly(op) ? await sendExample(shared.app, op) : await sendOnFreshDemo(op)
    if (answer.status >= 200 && answer.status < 300) recorded[op.operationId] = trim(answer.body ?? null)
    else
      failures.push(
        `${op.operationId}: ${op.method} ${answer.url} answered ${answer.status} ${JSON.stringify(answer.body)}`,
      )
  }
  if (failures.length) {
    console.error(failures.join('\n'))
    process.exitCode = 1
  } else {
    const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)))
    writeFileSync(EXAMPLE_RESPONSES_FILE, JSON.stringify(sorted, null, 1) + '\n')
    console.log(`recorded ${Object.keys(sorted).length} example responses in src/api-docs/example-responses.json`)
  }
} finally {
  await shared.close()
}
