/**
 * Validators for page query strings. Route definitions sit in the entry chunk, so these stay
 * tiny instead of pulling a schema library into every first load. Bad values are dropped (or, for
 * a required id, refused) rather than passed on to a screen.
 */
type Raw = Record<string, unknown>;
type Rule<T> = (value: unknown) => T;

export const optionalString =
  (maxLength: number): Rule<string | undefined> =>
  (value) => {
    const text = typeof value === 'number' ? String(value) : value;
    return typeof text === 'string' && text.length > 0 && text.length <= maxLength ? text : undefined;
  };

export const oneOf =
  <const T extends string>(values: readonly T[]): Rule<T | undefined> =>
  (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** A record, message or activity id: required; a page opened without one cannot show anything. */
export const requiredId: Rule<string> = (value) => {
  const id = optionalString(64)(value);
  if (!id || !/^[A-Za-z0-9_-]+$/.test(id)) throw new Error('invalid id');
  return id;
};

/** Builds a `validateSearch` from one rule per parameter; unknown parameters are dropped. */
type Parsed<S extends Record<string, Rule<unknown>>> = {
  [K in keyof S as undefined extends ReturnType<S[K]> ? K : never]?: Exclude<ReturnType<S[K]>, undefined>;
} & { [K in keyof S as undefined extends ReturnType<S[K]> ? never : K]: ReturnType<S[K]> };

export function searchSchema<S extends Record<string, Rule<unknown>>>(rules: S) {
  return (raw: Raw): Parsed<S> => {
    const out: Record<string, unknown> = {};
    for (const [key, rule] of Object.entries(rules)) {
      const value = rule(raw[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as Parsed<S>;
  };
}
