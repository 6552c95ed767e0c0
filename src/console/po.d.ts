/** A catalog imported as a module: the Lingui Vite plugin compiles it at build time. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
