import { hoistTitled } from '../../contracts/schema-refs.ts'
import { Bundle } from './schema.ts'

/**
 * The published JSON Schema text of a data bundle (draft 2020-12), its named schemas (instrument terms, ...) under
 * $defs.
 */
export function bundleJsonSchema(): string {
  const $defs: Record<string, unknown> = {}
  const root = hoistTitled(Bundle, '#/$defs/', $defs, true) as Record<string, unknown>
  return (
    JSON.stringify(
      { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'fixed_income.bundle@v1', ...root, $defs },
      null,
      2,
    ) + '\n'
  )
}
