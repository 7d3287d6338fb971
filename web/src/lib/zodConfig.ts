/**
 * Imported first by main.tsx, before any schema is built. zod compiles object parsers with
 * `new Function` where eval is allowed and probes for that when a schema is made; our CSP
 * (script-src without 'unsafe-eval') refuses the probe and the browser reports a violation on
 * every page that loads schemas. The browser only checks small forms: zod's interpreter suffices.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
