import { describe, expect, it } from 'vitest';
import { articleParagraphs } from './protocol-model';

describe('article paragraphs', () => {
  it('splits on blank lines and drops empty ones', () => {
    expect(articleParagraphs('One.\n\nTwo\nstill two.\r\n\r\n\n  \n\nThree.').map((p) => p.text)).toEqual([
      'One.',
      'Two\nstill two.',
      'Three.',
    ]);
  });
  it('keeps markup as text', () => {
    expect(articleParagraphs('<img src=x onerror=alert(1)>')[0]?.text).toBe('<img src=x onerror=alert(1)>');
  });
  it('gives distinct keys to identical paragraphs', () => {
    const keys = articleParagraphs('Same.\n\nSame.').map((p) => p.key);
    expect(new Set(keys).size).toBe(2);
  });
});
