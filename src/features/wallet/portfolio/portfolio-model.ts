/**
 * The portfolio chart's numbers: the series in the chosen currency unit (exact decimals), its
 * change over the range, and the SVG path drawn from it.
 */
import { compare, div, isZero, mul, sub } from '../../../lib/money/money';

export interface PortfolioSummary {
  /** Each day's value in the chosen unit. */
  values: string[];
  change: string;
  /** The change as a fraction of the first value (0.052 = 5.2 %), or null when the range began at zero. */
  ratio: string | null;
  /** Nothing held over the whole range. */
  empty: boolean;
}

export function summarize(pointsUsd: readonly string[], rate: string): PortfolioSummary {
  const values = pointsUsd.map((v) => mul(v, rate));
  const first = values[0] ?? '0';
  const last = values.at(-1) ?? '0';
  const change = sub(last, first);
  return {
    values,
    change,
    ratio: isZero(first) ? null : div(change, first),
    empty: values.every((v) => isZero(v)),
  };
}

/**
 * The line (and the area under it) through the values in a width × height box, highest at the
 * top with a little room. Exact decimals are mapped to pixels here, and only here, for drawing.
 */
export function chartPaths(values: readonly string[], width: number, height: number): { line: string; area: string } {
  const [first] = values;
  if (first === undefined) return { line: '', area: '' };
  let min = first;
  let max = first;
  for (const v of values) {
    if (compare(v, min) < 0) min = v;
    if (compare(v, max) > 0) max = v;
  }
  const span = sub(max, min);
  const pad = height * 0.1;
  const y = (v: string) => (isZero(span) ? height / 2 : pad + (1 - Number(div(sub(v, min), span))) * (height - 2 * pad));
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const pts = values.map((v, i) => `${(i * step).toFixed(1)},${y(v).toFixed(1)}`);
  if (pts.length === 1) pts.push(`${width},${y(first).toFixed(1)}`);
  const line = `M${pts.join('L')}`;
  return { line, area: `${line}L${width},${height}L0,${height}Z` };
}
