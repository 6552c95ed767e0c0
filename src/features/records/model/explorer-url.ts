/**
 * The block explorer's page of a transaction, from the server's template (`{txId}` where the id
 * goes). Only an http(s) template and a real transaction id make a link.
 */
export function explorerUrl(template: string | null | undefined, txId: string | null | undefined): string | null {
  if (!template || !txId || !/^https?:\/\//i.test(template) || !/^[0-9a-f]{64}$/i.test(txId)) return null;
  return template.replaceAll('{txId}', txId);
}
