/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; empty or unset means the app's own origin. */
  readonly VITE_API_BASE_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Set at build time from BUILD_ID (vite.config.ts). */
declare const __BUILD_ID__: string;
