/**
 * Scratch arrays for the tree's passes (a fit's state prices, a rollback's values and slopes), held by the caller's
 * TreeWorkspace: each pass takes its slots, uses them to the end and keeps nothing, so one array per slot serves
 * every tree valued with that workspace. A typed array of more than 64 bytes lives outside V8's heap: allocating six
 * per valuation made every callable a few hundred bytes to kilobytes of external memory, which V8 counts towards its
 * next collection.
 */
export type ScratchSlots = Float64Array[]

/** A Float64Array of at least `size` entries for `slot`, its contents left from the slot's last use. */
export function scratchArray(slots: ScratchSlots, slot: number, size: number): Float64Array {
  const held = slots[slot]
  if (held !== undefined && held.length >= size) return held
  // grown to the next power of two: a thread's arrays settle at the widest layer its trees have
  const grown = new Float64Array(Math.max(64, 2 ** Math.ceil(Math.log2(Math.max(1, size)))))
  slots[slot] = grown
  return grown
}

/**
 * The slots of each pass: none is used by two passes that can run at once (a fit runs before any rollback of its tree).
 */
export const SCRATCH = { fitPrices: 0, fitNext: 1, values: 2, valuesOut: 3, slopes: 4, slopesOut: 5 } as const
