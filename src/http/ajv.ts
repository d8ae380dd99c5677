/** One way to make an Ajv instance with formats (uuid, date, date-time) for the HTTP layer and the loader. */
import { Ajv, type Options } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS: under ESM its function may arrive wrapped in `default`
type AddFormats = (ajv: Ajv) => Ajv
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats))

export function createAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    // OpenAPI annotations carried by our schemas are not validation keywords
    keywords: ['x-ui-contract', 'x-workspace-consumer', 'x-ui-output-root', 'x-ui-response-mode', 'x-ui-flat-outputs', 'x-response-mappings'],
    ...options,
  })
  addFormats(ajv)
  return ajv
}
