/** Version comparison for "check for update": numeric, part by part ("3.0.10" > "3.0.9"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

export const isUpdateAvailable = (serverVersion: string, current: string) => compareVersions(serverVersion, current) > 0;
