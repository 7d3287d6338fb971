import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const PURE_MODULES = /\/services\/(?:kit\/src\/rules|[a-z-]+\/src\/domain)\/|\/gateway\/src\/contract\//;

/**
 * Marks each top-level zod schema of the pure modules as a pure expression, so the bundler drops a
 * schema no page uses even from a module the shell needs for something else (a domain's labels
 * beside its input schemas). Every call `z.name(` is marked (a schema's arguments are schemas too).
 */
const pureZodSchemas = (): Plugin => ({
  name: 'caskade-pure-zod-schemas',
  transform(code, id) {
    if (!PURE_MODULES.test(id) || !/\.tsx?$/.test(id)) return null;
    // `z.string(…)` and a chain broken over lines (`z\n  .string(…)`) alike (ADR 062).
    const out = code.replace(/(?<![\w$.])z(?=\s*\.\s*[a-z]\w*\()/g, '/* @__PURE__ */ z');
    return out === code ? null : { code: out, map: null };
  },
});

/**
 * Two builds: the browser's (dist/) and, with `--ssr src/entry-server.tsx`, the server renderer the
 * gateway loads to send the landing, search and listing pages as HTML (ADR 062): one CommonJS file
 * with everything bundled (dist-ssr/entry-server.cjs), so it needs no package at run time and loads
 * with a plain require from the gateway, whatever module system runs the gateway.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true, target: 'node' as const },
        build: {
          outDir: fileURLToPath(new URL('./dist-ssr', import.meta.url)),
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: true,
          rolldownOptions: {
            treeshake: { moduleSideEffects: (id: string) => !PURE_MODULES.test(id), manualPureFunctions: ['z'] },
            output: { format: 'cjs' as const, entryFileNames: '[name].cjs', codeSplitting: false },
          },
        },
      }
    : {}),
  plugins: [
    pureZodSchemas(),
    react(),
    tailwindcss(),
    // Brotli and gzip beside every text asset, made once at build time; the gateway serves the best
    // one the browser accepts (ADR 057). index.html is left out: the gateway rewrites it per page.
    ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(?:js|css|svg)$/, threshold: 0, skipIfLargerOrEqual: true })]),
  ],
  ...(isSsrBuild ? {} : { build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each page loads first (the JS budget test reads it).
    manifest: true,
    rolldownOptions: {
      // The shared rules, the services' domains and the gateway's contract are pure modules (ADR 057);
      // declaring it lets the bundler leave zod schemas (used only by the lazily loaded forms) out of a
      // page that needs just constants, labels or rule functions from them.
      // Building a zod schema has no effect beyond its value: one no page uses is dropped even from a
      // module the page needs for something else.
      treeshake: { moduleSideEffects: (id: string) => !PURE_MODULES.test(id), manualPureFunctions: ['z'] },
    },
  } }),
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
}));
