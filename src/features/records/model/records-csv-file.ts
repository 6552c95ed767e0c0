/** The name the app saves an export under (the file itself comes from the server: contract/records-csv.ts). */

/** `Tessera-records-2026-01-01-to-2026-11-26.csv`: the product and the range, safe on every system. */
export function recordsCsvFileName(product: string, from: string, to: string): string {
  const name = product.replace(/[^\p{L}\p{N}_-]+/gu, '-') || 'wallet';
  return `${name}-records-${from}-to-${to}.csv`;
}
