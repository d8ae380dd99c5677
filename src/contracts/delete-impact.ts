/**
 * The shared delete-impact contract: a read-only preflight that reports, as curated user-facing rows, what
 * deleting one resource would block or affect. `buildDeleteImpact` derives every total, flag and warning from
 * the rows, so no resource can report inconsistent numbers.
 */
import { Type, type Static } from 'typebox'
import { JsonObject } from './common.ts'

export const RELATIONSHIP_TYPES = ['direct', 'indirect', 'derived'] as const
export const ON_DELETE_RULES = ['RESTRICT', 'NO ACTION', 'CASCADE', 'SET NULL', 'APPLICATION', 'UNKNOWN'] as const
export const EFFECTS = [
  'blocks_delete',
  'blocks_cascade',
  'cascade_delete',
  'set_null',
  'delete_cleanup',
  'manual_cleanup_required',
  'informational',
] as const
export const SEVERITIES = ['blocking', 'destructive', 'mutating', 'warning', 'info'] as const

export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number]
export type OnDeleteRule = (typeof ON_DELETE_RULES)[number]
export type Effect = (typeof EFFECTS)[number]
export type Severity = (typeof SEVERITIES)[number]

export const DeleteImpactRelationship = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    model: Type.String(),
    column: Type.String(),
    relationship_type: Type.Enum([...RELATIONSHIP_TYPES]),
    on_delete: Type.Enum([...ON_DELETE_RULES]),
    count: Type.Integer({ minimum: 0 }),
    effect: Type.Enum([...EFFECTS]),
    severity: Type.Enum([...SEVERITIES]),
    blocks_delete: Type.Boolean(),
    description: Type.String(),
    samples: Type.Optional(Type.Array(JsonObject, { description: 'present only when include_samples was requested' })),
  },
  { additionalProperties: false, title: 'DeleteImpactRelationship' },
)
export type DeleteImpactRelationship = Static<typeof DeleteImpactRelationship>

export const DeleteImpactResponse = Type.Object(
  {
    resource_type: Type.String(),
    uid: Type.String(),
    identifier: Type.String(),
    display_name: Type.String(),
    can_delete: Type.Boolean(),
    blocking_count: Type.Integer({ minimum: 0 }),
    affected_count: Type.Integer({ minimum: 0 }),
    delete_endpoint: Type.String(),
    relationships: Type.Array(DeleteImpactRelationship),
    warnings: Type.Array(Type.String()),
  },
  { additionalProperties: false, title: 'DeleteImpactResponse' },
)
export type DeleteImpactResponse = Static<typeof DeleteImpactResponse>

/** Opt-in preflight options shared by every delete-impact route (query string). */
export const deleteImpactOptionsQuery = {
  include_samples: Type.Boolean({
    default: false,
    description: 'include up to sample_limit sample rows per relationship',
  }),
  sample_limit: Type.Integer({ minimum: 0, maximum: 100, default: 0 }),
}

/** What a resource knows about one relationship; the builder derives effect, severity and blocking. */
export interface RelationshipFact {
  key: string
  label: string
  model: string
  column: string
  relationship_type: RelationshipType
  on_delete: OnDeleteRule
  count: number
  description: string
  /**
   * How the delete treats these rows: `block` (the delete is refused while count > 0), `cascade` (deleted with
   * the resource), `set_null`, `cleanup` (deleted by the delete route itself, e.g. because a flag asked for it),
   * `manual` (application-owned rows that must be removed or repointed first: blocking).
   */
  treatment: 'block' | 'cascade' | 'set_null' | 'cleanup' | 'manual'
  samples?: Record<string, unknown>[]
}

const CLASSIFY: Record<RelationshipFact['treatment'], { effect: Effect; severity: Severity; blocks: boolean }> = {
  block: { effect: 'blocks_delete', severity: 'blocking', blocks: true },
  manual: { effect: 'manual_cleanup_required', severity: 'blocking', blocks: true },
  cascade: { effect: 'cascade_delete', severity: 'destructive', blocks: false },
  set_null: { effect: 'set_null', severity: 'mutating', blocks: false },
  cleanup: { effect: 'delete_cleanup', severity: 'destructive', blocks: false },
}

export function classifyRelationship(fact: RelationshipFact): DeleteImpactRelationship {
  const c = CLASSIFY[fact.treatment]
  // nothing refers to the resource: the row is informational whatever its rule
  const effect: Effect = fact.count === 0 ? 'informational' : c.effect
  const severity: Severity = fact.count === 0 ? 'info' : c.severity
  const row: DeleteImpactRelationship = {
    key: fact.key,
    label: fact.label,
    model: fact.model,
    column: fact.column,
    relationship_type: fact.relationship_type,
    on_delete: fact.on_delete,
    count: fact.count,
    effect,
    severity,
    blocks_delete: c.blocks && fact.count > 0,
    description: fact.description,
  }
  if (fact.samples) row.samples = fact.samples
  return row
}

function warningFor(row: DeleteImpactRelationship): string | null {
  if (row.count === 0) return null
  const n = `${row.count} ${row.label.toLowerCase()}`
  switch (row.effect) {
    case 'blocks_delete':
    case 'blocks_cascade':
      return `${n} block this delete; remove them first.`
    case 'manual_cleanup_required':
      return `${n} must be removed or repointed before this delete.`
    case 'cascade_delete':
      return `${n} will be deleted with it.`
    case 'delete_cleanup':
      return `${n} will be deleted by this delete.`
    case 'set_null':
      return `${n} will lose their reference (set to null).`
    default:
      return null
  }
}

export interface DeleteImpactSubject {
  resource_type: string
  uid: string
  identifier: string
  display_name: string
  delete_endpoint: string
}

export function buildDeleteImpact(subject: DeleteImpactSubject, facts: RelationshipFact[]): DeleteImpactResponse {
  const relationships = facts.map(classifyRelationship)
  const blocking_count = relationships.filter((r) => r.blocks_delete).reduce((sum, r) => sum + r.count, 0)
  return {
    ...subject,
    can_delete: blocking_count === 0,
    blocking_count,
    affected_count: relationships.reduce((sum, r) => sum + r.count, 0),
    relationships,
    warnings: relationships.map(warningFor).filter((w): w is string => w !== null),
  }
}
