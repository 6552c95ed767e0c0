/** Placeholders with the final layout's size, so content arriving causes no layout shift. */
export function Skeleton({
  width = '100%',
  height = 16,
  radius = 8,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
}) {
  return <span className="skeleton" style={{ display: 'block', width, height, borderRadius: radius }} aria-hidden="true" />;
}

export function SkeletonRows({ rows = 5, height = 56 }: { rows?: number; height?: number }) {
  return (
    <div className="stack" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => `skeleton-${i}`).map((key) => (
        <Skeleton key={key} height={height} radius={12} />
      ))}
    </div>
  );
}
