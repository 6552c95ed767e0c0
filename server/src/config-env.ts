/** Numbers read from the environment: a setting that is unset or not a number keeps its default. */

export const int = (v: string | undefined, def: number) => {
  const n = v === undefined || v === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : def;
};

export const nonNegative = (v: string | undefined, def: number) => {
  const n = v === undefined || v === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? n : def;
};
