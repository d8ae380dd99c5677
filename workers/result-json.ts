/**
 * A result as the JSON text of its response model's result part (src/contracts/pricing-responses.ts), for the tasks
 * that ask for it (`reply_json`): the main thread then writes the envelope before it and formats none of the
 * result's numbers itself. Serialized by fast-json-stringify, as Fastify serializes responses, from the same schema,
 * or, for a record of numbers (analytics), by JSON.stringify where that writes the same bytes (numberRecordJson).
 */
import fastJsonStringify from 'fast-json-stringify'
import { BoundedCache } from '../src/caches/bounded-cache.ts'
import { resultSchema, RESPONSES, type ResponseOperation } from '../src/contracts/pricing-responses.ts'

type Serialize = (result: Record<string, unknown>) => string

/** Compiled serializers, by operation: one per response model (bounded by their number), compiled on first use. */
export const resultSerializers = new BoundedCache<Serialize>(Object.keys(RESPONSES).length)

const isResponseOperation = (operation: string): operation is ResponseOperation => Object.hasOwn(RESPONSES, operation)

/** The result's JSON text; a task of an operation without a response model of its own never asks for it. */
export function resultJson(operation: string, result: Record<string, unknown>): string {
  const serialize = resultSerializers.getOrSet(operation, () => {
    if (!isResponseOperation(operation))
      throw new Error(`operation '${operation}' has no response model to serialize its result with`)
    const schema = resultSchema(operation)
    const model = fastJsonStringify(schema)
    return numberRecordJson(schema, model) ?? model
  })
  return serialize(result)
}

/** What this file reads of a JSON schema. */
interface SchemaNode {
  type?: unknown
  properties?: Record<string, SchemaNode>
  required?: string[]
  additionalProperties?: unknown
}

const isNumberSchema = (s: unknown) => typeof s === 'object' && s !== null && (s as SchemaNode).type === 'number'

/**
 * For a result part that is one record of numbers (analytics: declared figures, then any number of others), a
 * serializer that hands the record to JSON.stringify when that writes the model's bytes: the record's keys start with
 * the declared ones in their order (the model writes those first), and its values are numbers other than NaN
 * (JSON.stringify writes Infinity as `null`, as the model does; the model refuses NaN). Anything else goes to the
 * model. Why: fast-json-stringify turns each number into a string in JavaScript (`'' + x`), which for numbers it has
 * not seen (V8 caches the last conversions: one asset repeated hits, a book priced once misses) costs ~3x
 * JSON.stringify's native conversion: 4.8 against 2.2 µs for an analytics record of fourteen figures.
 */
function numberRecordJson(schema: SchemaNode, model: Serialize): Serialize | undefined {
  const outer = Object.entries(schema.properties ?? {})
  if (outer.length === 0) return undefined
  // the record first; optional fields beside it (a callable's yields to call) go to the model when present
  const [name, record] = outer[0]
  if ((schema.required ?? []).some((key) => key !== name)) return undefined
  const declared = Object.entries(record.properties ?? {})
  if (
    record.type !== 'object' ||
    !isNumberSchema(record.additionalProperties) ||
    !declared.every(([, s]) => isNumberSchema(s))
  )
    return undefined
  const declaredKeys = declared.map(([key]) => key)
  const prefix = `{${JSON.stringify(name)}:`
  return (result) => {
    const figures = result[name]
    if (
      typeof figures !== 'object' ||
      figures === null ||
      Array.isArray(figures) ||
      Object.getPrototypeOf(figures) !== Object.prototype
    )
      return model(result)
    let keys = 0
    for (const key in result) if (++keys > 1 || key !== name) return model(result)
    let i = 0
    for (const key in figures) {
      const x = (figures as Record<string, unknown>)[key]
      if (typeof x !== 'number' || x !== x || (i < declaredKeys.length && key !== declaredKeys[i])) return model(result)
      i++
    }
    if (i < declaredKeys.length) return model(result)
    return prefix + JSON.stringify(figures) + '}'
  }
}
