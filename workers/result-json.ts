/**
 * A result as the JSON text of its response model's result part (src/contracts/pricing-responses.ts), for the tasks
 * that ask for it (`reply_json`): the main thread then writes the envelope before it and formats none of the
 * result's numbers itself. Serialized by fast-json-stringify, as Fastify serializes responses, from the same schema.
 */
import fastJsonStringify from 'fast-json-stringify'
import { resultSchema, RESPONSES, type ResponseOperation } from '../src/contracts/pricing-responses.ts'

const serializers = new Map<string, (result: Record<string, unknown>) => string>()

const isResponseOperation = (operation: string): operation is ResponseOperation => Object.hasOwn(RESPONSES, operation)

/** The result's JSON text; a task of an operation without a response model of its own never asks for it. */
export function resultJson(operation: string, result: Record<string, unknown>): string {
  let serialize = serializers.get(operation)
  if (serialize === undefined) {
    if (!isResponseOperation(operation)) throw new Error(`operation '${operation}' has no response model to serialize its result with`)
    serialize = fastJsonStringify(resultSchema(operation))
    serializers.set(operation, serialize)
  }
  return serialize(result)
}
