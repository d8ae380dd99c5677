/**
 * Named schemas instead of inline copies: every titled object schema is moved once into a definitions map and
 * replaced by a `$ref` to it. The OpenAPI document (components.schemas) and the bundle's JSON Schema ($defs)
 * are both rendered this way from the TypeBox schemas, so a title is a model name that generated clients keep.
 */
type Json = Record<string, unknown>

/** Keywords whose values are data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(['examples', 'example', 'default', 'const', 'enum', 'x-response-mappings'])

export class SchemaTitleClash extends Error {
  override readonly name = 'SchemaTitleClash'
}

/**
 * `node` with each titled schema below it (and the node itself unless `keepRoot`) replaced by
 * `{$ref: prefix + title}`; the schemas land in `defs`. Two different schemas under one title throw.
 */
export function hoistTitled(node: unknown, prefix: string, defs: Json, keepRoot = false): unknown {
  const visit = (value: unknown, root: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v) => visit(v, false))
    if (!value || typeof value !== 'object') return value
    const copy: Json = {}
    for (const [k, v] of Object.entries(value as Json)) copy[k] = DATA_KEYWORDS.has(k) ? v : visit(v, false)
    const title = copy.title
    if ((root && keepRoot) || typeof title !== 'string' || typeof copy.$ref === 'string') return copy
    const known = defs[title]
    if (known === undefined) defs[title] = copy
    else if (JSON.stringify(known) !== JSON.stringify(copy))
      throw new SchemaTitleClash(`two different schemas are titled '${title}'`)
    return { $ref: `${prefix}${encodeURIComponent(title)}` }
  }
  return visit(node, true)
}
