/**
 * Validation of a body part the route schema cannot select by itself (a batch's parameters depend on its
 * operation): the same Ajv and messages as route validation, a 422 naming every failure.
 */
import { unprocessable } from './errors.ts'
import { compileBodySchema, describeIssues, formatValidationErrors } from './validation.ts'

export function bodyPartValidator(schema: object): (body: unknown) => void {
  const validate = compileBodySchema(schema)
  return (body) => {
    if (validate(body)) return
    throw unprocessable(describeIssues(formatValidationErrors(validate.errors ?? [], 'body')).detail)
  }
}
