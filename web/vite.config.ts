import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip beside every text asset, made once at build time; the gateway serves the best
    // one the browser accepts (ADR 057). index.html is left out: the gateway rewrites it per page.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(?:js|css|svg)$/, threshold: 0, skipIfLargerOrEqual: true }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each page loads first (the JS budget test reads it).
    manifest: true,
    rolldownOptions: {
      // The shared rules are pure modules; declaring it lets the bundler leave zod (used only by the
      // lazily loaded forms) out of the main bundle when a page needs just the constants or catalogue.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/services/kit/src/rules/') },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
