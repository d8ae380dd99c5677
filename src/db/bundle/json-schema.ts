import { Bundle } from './schema.ts'

/** The published JSON Schema text of a data bundle (draft 2020-12). */
export function bundleJsonSchema(): string {
  return JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'fixed_income.bundle@v1', ...Bundle }, null, 2) + '\n'
}
