/**
 * Imported first by main.tsx, before any schema is built. zod compiles object parsers with
 * `new Function` where eval is allowed and probes for that when a schema is made; our CSP
 * (script-src without 'unsafe-eval') refuses the probe and the browser reports a violation on
 * every page that loads schemas. The browser only checks small forms: zod's interpreter suffices.
 *
 * The setting goes through the global object zod reads its configuration from
 * (`globalThis.__zod_globalConfig`, the one `config()` writes), not through an import of zod: the
 * entry chunk then carries no zod at all, and zod loads with the pages that build schemas (ADR 062).
 * The object is mutated, not replaced, so the setting holds whether zod loaded before or after.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

const zodGlobal = globalThis;
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

export {};
