/// <reference types="vite/client" />

/** The console's own version (apps/web/package.json), set at build time. */
declare const __WEB_VERSION__: string;
