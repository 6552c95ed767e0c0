/**
 * Activities, messages and articles are written by the operator, in English (docs/api.md): marked
 * as such, screen readers pronounce them as English and a right-to-left screen lays each out in its
 * own direction instead of pushing its numbers and punctuation to the wrong end.
 */
export const SERVER_CONTENT_PROPS = { lang: 'en', dir: 'auto' } as const;
