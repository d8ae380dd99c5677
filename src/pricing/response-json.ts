/**
 * A single pricer route's answer from the JSON text of its result (serialized in the pricing thread by the result
 * part of the same response model: workers/result-json.ts): the envelope serialized here, the result's fields after
 * it. The same bytes Fastify writes from the whole response model (test/pricing/response-json.test.ts): the model
 * lists the envelope's fields first, and neither part admits fields the model does not.
 */
import fastJsonStringify from 'fast-json-stringify'
import { ENVELOPE } from '../contracts/pricing-responses.ts'
import type { PricedJson } from './price.ts'

/** What Fastify sets for the JSON it serializes. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

const envelopeJson = fastJsonStringify(ENVELOPE)

export function responseJson({ envelope, json }: PricedJson): string {
  const head = envelopeJson(envelope)
  return json === '{}' ? head : `${head.slice(0, -1)},${json.slice(1)}`
}
