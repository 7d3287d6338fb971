{{/*
Token keys (docs/decisions/053), keys of the chart's Secret like every other secret:
- ACCESS_TOKEN_SIGNING_KEY: identity's private Ed25519 JWK; identity alone reads it (its secretEnv).
- ACCESS_TOKEN_PUBLIC_KEYS, SERVICE_PUBLIC_KEYS: the public JWK Sets every workload verifies with.
- SERVICE_SIGNING_KEY_<NAME>: each workload's own service-credential key, which reaches that workload
  only, as SERVICE_SIGNING_KEY.
`npm run keys` prints a new set as values; development falls back to files/development-token-keys.json.
*/}}

{{/* The Secret key of a workload's service-credential key: SERVICE_SIGNING_KEY_<NAME>. */}}
{{- define "caskade.serviceKeyKey" -}}SERVICE_SIGNING_KEY_{{ upper . | replace "-" "_" }}{{- end -}}

{{/* The token-key Secret keys a workload (its name) reads, as YAML {keys: [...]}. */}}
{{- define "caskade.tokenKeyKeys" -}}
{{- toYaml (dict "keys" (list "ACCESS_TOKEN_PUBLIC_KEYS" "SERVICE_PUBLIC_KEYS" (include "caskade.serviceKeyKey" .))) -}}
{{- end -}}

{{/* Development-only token keys (throwaway, published in this chart): dict of Secret key -> value. */}}
{{- define "caskade.developmentTokenKeys" -}}
{{- .Files.Get "files/development-token-keys.json" -}}
{{- end -}}

{{/* A workload's token-key environment (dict root, name): the public key sets and its own service key. */}}
{{- define "caskade.tokenKeyEnv" }}
{{ include "caskade.secretRef" (dict "root" .root "name" "ACCESS_TOKEN_PUBLIC_KEYS" "key" "ACCESS_TOKEN_PUBLIC_KEYS") }}
{{ include "caskade.secretRef" (dict "root" .root "name" "SERVICE_PUBLIC_KEYS" "key" "SERVICE_PUBLIC_KEYS") }}
{{ include "caskade.secretRef" (dict "root" .root "name" "SERVICE_SIGNING_KEY" "key" (include "caskade.serviceKeyKey" .name)) }}
{{- end -}}
