/**
 * Social links of the profile (SPEC §2: Line, Instagram, Telegram, X). The server may hold a full
 * https URL or a bare handle; either becomes an https URL on the network's own host, and anything
 * else (another scheme, a foreign host for a full URL) is not linked at all.
 */
export type SocialKind = 'line' | 'instagram' | 'telegram' | 'x';
export const SOCIAL_KINDS: readonly SocialKind[] = ['line', 'instagram', 'telegram', 'x'];

const HOSTS: Record<SocialKind, { base: string; hosts: readonly string[] }> = {
  line: { base: 'https://line.me/ti/p/~', hosts: ['line.me'] },
  instagram: { base: 'https://www.instagram.com/', hosts: ['instagram.com', 'www.instagram.com'] },
  telegram: { base: 'https://t.me/', hosts: ['t.me', 'telegram.me'] },
  x: { base: 'https://x.com/', hosts: ['x.com', 'twitter.com', 'www.x.com', 'www.twitter.com'] },
};

export function socialUrl(kind: SocialKind, value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' && HOSTS[kind].hosts.includes(url.hostname) ? url.href : null;
    } catch {
      return null;
    }
  }
  const handle = text.replace(/^@/, '');
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(handle)) return null;
  return `${HOSTS[kind].base}${handle}`;
}
