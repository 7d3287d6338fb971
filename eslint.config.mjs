import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'proto/gen/**', 'data/**', 'coverage/**', 'load-tests/k6/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The browser takes rules from the kit's rules and the services' domains, and the API's
      // shapes from the gateway's contract: the kit's root and the gateway's are server plumbing
      // (the kit's holds the plans, which the web reads from GET /api/plans).
      'no-restricted-imports': ['error', {
        paths: [{ name: '@caskade/kit', message: 'Import @caskade/kit/rules or a service domain (@caskade/<svc>/domain).' }],
        patterns: [{
          regex: '^@caskade/(?!kit/rules$|gateway/contract$|[a-z-]+/domain$)',
          message: 'The web app imports only @caskade/kit/rules, @caskade/<svc>/domain and @caskade/gateway/contract.',
        }],
      }],
    },
  },
  {
    // The gateway's HTTP contract is browser-safe (the web app imports it): zod, the kit's
    // cross-cutting rules and the services' domains only — no Express, gRPC, proto or Node.
    files: ['gateway/src/contract/**/*.ts'],
    ignores: ['gateway/src/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(?!zod$|@caskade/kit/rules$|@caskade/[a-z-]+/domain$|\\./)',
          message: 'The contract imports only zod, @caskade/kit/rules, @caskade/<svc>/domain and files of its own folder.',
        }],
      }],
    },
  },
  {
    // A service's domain is pure and browser-safe (the web app imports it): zod, the kit's
    // cross-cutting rules and its own files only — no IO, no Node, no other package.
    files: ['services/*/src/domain/**/*.ts'],
    ignores: ['services/*/src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(?!zod$|@caskade/kit/rules$|\\./)',
          message: 'A domain imports only zod, @caskade/kit/rules and files of its own domain folder.',
        }],
      }],
    },
  },
);
