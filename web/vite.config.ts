import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  // The same aliases as web/tsconfig.json: `@/` is web/src, `@contract/` the shared contract.
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      { find: /^@contract\//, replacement: fileURLToPath(new URL('../contract/', import.meta.url)) },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // A module preload polyfill would be an inline script, which the CSP forbids.
    modulePreload: { polyfill: false },
    // Which chunk holds which screen: the prerender (scripts/prerender-web.mjs) preloads a page's own.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/cable': { target: 'ws://localhost:3000', ws: true } },
  },
});
