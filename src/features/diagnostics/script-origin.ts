/**
 * The diagnostics script (`testJsScript` of /config/app) runs with the app's full privileges, so
 * the test page loads it only from the app's own origin. Anything else — another host, another
 * port, http on an https app, javascript:, data: or blob: — is refused.
 */
export function sameOriginScriptUrl(candidate: string | null | undefined, appOrigin: string): string | null {
  if (!candidate?.trim()) return null;
  let url: URL;
  try {
    url = new URL(candidate.trim(), appOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin !== appOrigin) return null;
  if (url.username || url.password) return null;
  return url.href;
}
