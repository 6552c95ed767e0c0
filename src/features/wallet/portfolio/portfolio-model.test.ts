import { describe, expect, it } from 'vitest';
import { chartPaths, summarize } from './portfolio-model';

describe('portfolio chart model', () => {
  it('converts exactly and measures the change over the range', () => {
    const s = summarize(['100', '100.1', '110.000001'], '0.9');
    expect(s.values).toEqual(['90', '90.09', '99.0000009']);
    expect(s.change).toBe('9.0000009');
    expect(s.ratio).toBe('0.10000001');
    expect(s.empty).toBe(false);
  });

  it('has no ratio when the range began at zero, and knows an empty portfolio', () => {
    expect(summarize(['0', '5'], '1').ratio).toBeNull();
    expect(summarize(['0', '0'], '1')).toMatchObject({ empty: true, change: '0' });
  });

  it('draws the highest value at the top and the lowest at the bottom, a flat series in the middle', () => {
    const { line, area } = chartPaths(['1', '3', '2'], 100, 50);
    expect(line).toBe('M0.0,45.0L50.0,5.0L100.0,25.0');
    expect(area).toBe(`${line}L100,50L0,50Z`);
    expect(chartPaths(['7', '7'], 100, 50).line).toBe('M0.0,25.0L100.0,25.0');
    expect(chartPaths(['7'], 100, 50).line).toBe('M0.0,25.0L100,25.0');
  });
});
