/**
 * The value, or a thrown error naming what was missing: for what the code knows is there (an
 * array's only element after a length check, a map entry set at start-up) but TypeScript cannot
 * prove. Unlike a `!`, a broken assumption fails here, loudly, not three calls later.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/**
 * The object with every field present, or a thrown error naming the first missing one: for the
 * columns of a LEFT JOIN, which are all there when the joined row is.
 */
export function mustAll<T extends Record<string, unknown>>(fields: T, what: string): { [K in keyof T]: NonNullable<T[K]> } {
  for (const [name, value] of Object.entries(fields)) must(value, `${what}: ${name}`);
  return fields as { [K in keyof T]: NonNullable<T[K]> };
}
