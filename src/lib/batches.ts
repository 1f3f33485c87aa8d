// Lists cut into batches: a statement's `in (…)` list stays well under the databases' parameter limits.

/** How many values one `in (…)` list holds at most. */
export const IN_LIST_BATCH = 500;

/** `items` in consecutive slices of at most `size`. */
export function* inBatches<T>(items: readonly T[], size = IN_LIST_BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
