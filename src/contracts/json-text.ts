/**
 * JSON text typed by what it encodes. A task sends the instrument terms to a pricing thread as JSON text rather than as
 * an object (structured clone copies a string as one block, where it walks an object field by field:
 * src/contracts/pricing.ts), and the thread parses the text only when it rebuilds the instrument. `JsonText<T>` keeps
 * the type of the value across that: made from a T (or from text known to be one), it parses back to a T.
 */
declare const encodes: unique symbol

/** A string of JSON text that parses to a T (a type-level brand: at run time a plain string). */
export type JsonText<T> = string & { readonly [encodes]: T }

/** The value the text encodes. */
export const parseJsonText = <T>(text: JsonText<T>): T => JSON.parse(text) as T

/** A T as JSON text. */
export const toJsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>

/**
 * Text already known to encode a T, typed as such: the one place where that is asserted rather than checked (e.g.
 * PostgreSQL's `::text` of a jsonb column the loader validated against T's schema).
 */
export const jsonTextOf = <T>(text: string): JsonText<T> => text as JsonText<T>
