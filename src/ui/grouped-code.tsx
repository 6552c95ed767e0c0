/**
 * An address, transaction id or key as people compare them: monospace groups of four that wrap
 * only between groups, never inside one. The groups are spaced by CSS, not by characters, so
 * selecting and copying gives the value exactly.
 */
export function GroupedCode({ value, ...rest }: { value: string; 'data-testid'?: string }) {
  return (
    <bdi {...rest} dir="ltr" className="mono mono--grouped">
      {value.match(/.{1,4}/gsu)?.map((group, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group is its place in the value
        <span key={i}>{group}</span>
      ))}
    </bdi>
  );
}
