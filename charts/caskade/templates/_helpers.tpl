{{/*
Shared helpers. Most take a dict: root (the chart context $), name (workload name), component,
spec (the workload's values block).
*/}}

{{- define "caskade.fullname" -}}
{{- printf "%s-%s" .root.Release.Name .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "caskade.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{- define "caskade.labels" -}}
{{ include "caskade.selectorLabels" . }}
app.kubernetes.io/component: {{ .component }}
app.kubernetes.io/part-of: caskade
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{/* Labels of the chart's shared objects (ConfigMap, Secret, ServiceAccount, namespace-wide policies). */}}
{{- define "caskade.commonLabels" -}}
{{ include "caskade.labels" (dict "root" . "name" "caskade" "component" "platform") }}
{{- end -}}

{{- define "caskade.configName" -}}{{ .Release.Name }}-config{{- end -}}
{{- define "caskade.secretName" -}}{{ .Release.Name }}-secrets{{- end -}}
{{- define "caskade.serviceAccountName" -}}{{ .Release.Name }}{{- end -}}

{{/* The restricted pod and container security contexts for an infrastructure image running as uid. */}}
{{- define "caskade.infraPodSecurity" -}}
runAsNonRoot: true
runAsUser: {{ . | int }}
runAsGroup: {{ . | int }}
fsGroup: {{ . | int }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "caskade.image" -}}
{{- $image := .root.Values.global.image -}}
{{- .spec.image | default (printf "%s/caskade-%s:%s" $image.registry .name ($image.tag | default .root.Chart.AppVersion)) -}}
{{- end -}}

{{/* "true" when the workload is scaled by a HorizontalPodAutoscaler. */}}
{{- define "caskade.hpaEnabled" -}}
{{- if and .root.Values.global.hpa.enabled .spec.hpa -}}true{{- end -}}
{{- end -}}

{{/* The fewest replicas the workload runs with: the HPA minimum, or its fixed replica count. */}}
{{- define "caskade.minReplicas" -}}
{{- if include "caskade.hpaEnabled" . -}}
{{- .spec.hpa.min | int -}}
{{- else -}}
{{- .root.Values.global.replicas | default .spec.replicas | default 1 | int -}}
{{- end -}}
{{- end -}}

{{/* A service's database role and schema: its name with "-" as "_". */}}
{{- define "caskade.dbRole" -}}{{ . | replace "-" "_" }}{{- end -}}
{{/* The Secret key of a service's database password: DATABASE_PASSWORD_<NAME>. */}}
{{- define "caskade.dbPasswordKey" -}}DATABASE_PASSWORD_{{ . | upper | replace "-" "_" }}{{- end -}}
{{- define "caskade.dbHost" -}}
{{- if .Values.database.host -}}{{ .Values.database.host }}
{{- else if .Values.postgresql.enabled -}}{{ printf "%s-postgresql" .Release.Name }}
{{- else -}}{{ required "database.host is required unless postgresql.enabled (the bundled PostgreSQL)" "" }}
{{- end -}}
{{- end -}}

{{/* "true" when NATS takes user/password (not creds files) from the services. */}}
{{- define "caskade.natsPasswordAuth" -}}
{{- if and (not .Values.nats.auth.credsSecret) .Values.nats.auth.user -}}true{{- end -}}
{{- end -}}

{{/* The gateway's cache: the bundled Valkey (password only) or a managed one (REDIS_URL). */}}
{{- define "caskade.redisKey" -}}{{ if .Values.valkey.enabled }}REDIS_PASSWORD{{ else }}REDIS_URL{{ end }}{{- end -}}

{{/*
The Secret keys each workload reads, as YAML: workload name -> list. Services: their database
password, the NATS password and their secretEnv; the gateway: the cache, the NATS password and its secretEnv; the
infrastructure and the Jobs what they need. Nobody else's key reaches a workload.
*/}}
{{- define "caskade.secretKeysByWorkload" -}}
{{- $v := .Values -}}
{{- $out := dict -}}
{{- $dbKeys := list -}}
{{- range $name, $svc := $v.services -}}
{{- if $svc.enabled -}}
{{- $keys := list (include "caskade.dbPasswordKey" $name) -}}
{{- if include "caskade.natsPasswordAuth" $ -}}{{- $keys = append $keys "NATS_PASSWORD" -}}{{- end -}}
{{- $keys = concat $keys ($svc.secretEnv | default list) (fromYaml (include "caskade.tokenKeyKeys" $name)).keys -}}
{{- $_ := set $out $name ($keys | uniq) -}}
{{- $dbKeys = append $dbKeys (include "caskade.dbPasswordKey" $name) -}}
{{- end -}}
{{- end -}}
{{- $gatewayKeys := list (include "caskade.redisKey" .) -}}
{{- if include "caskade.natsPasswordAuth" . -}}{{- $gatewayKeys = append $gatewayKeys "NATS_PASSWORD" -}}{{- end -}}
{{- $_ := set $out "gateway" (concat $gatewayKeys ($v.gateway.secretEnv | default list) (fromYaml (include "caskade.tokenKeyKeys" "gateway")).keys | uniq) -}}
{{- if or $v.database.rolesJob.enabled $v.postgresql.enabled -}}
{{- $_ := set $out "database-roles" (prepend $dbKeys "DATABASE_ADMIN_PASSWORD") -}}
{{- end -}}
{{- if $v.postgresql.enabled -}}{{- $_ := set $out "postgresql" (prepend $dbKeys "DATABASE_ADMIN_PASSWORD") -}}{{- end -}}
{{- if $v.valkey.enabled -}}{{- $_ := set $out "valkey" (list "REDIS_PASSWORD") -}}{{- end -}}
{{- if and $v.nats.enabled (include "caskade.natsPasswordAuth" .) -}}{{- $_ := set $out "nats" (list "NATS_PASSWORD") -}}{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/* Secret keys that must be present in production: what every enabled workload reads. */}}
{{- define "caskade.requiredSecretKeys" -}}
{{- $keys := list -}}
{{- range $workload, $list := fromYaml (include "caskade.secretKeysByWorkload" .) -}}
{{- $keys = concat $keys $list -}}
{{- end -}}
{{- toYaml (dict "keys" ($keys | uniq | sortAlpha)) -}}
{{- end -}}

{{/*
The Secret's data as YAML (key: plain value). In production a required key left empty fails the
render with its name (unless secrets.create is false: the operator's own Secret must carry it); in
development empty keys fall back to throwaway values, and anything else empty is left out (the
services then use their local adapters: the mailbox instead of SMTP, local disk instead of S3).
*/}}
{{- define "caskade.secretData" -}}
{{- $production := eq .Values.global.environment "production" -}}
{{- $required := (fromYaml (include "caskade.requiredSecretKeys" .)).keys -}}
{{- $development := dict
  "DATABASE_ADMIN_PASSWORD" "caskade-dev"
  "NATS_PASSWORD" "nats-dev"
  "REDIS_PASSWORD" "valkey-dev" -}}
{{- range $name, $svc := .Values.services -}}
{{- $_ := set $development (include "caskade.dbPasswordKey" $name) (printf "%s-dev" (include "caskade.dbRole" $name)) -}}
{{- end -}}
{{- range $key, $value := fromJson (include "caskade.developmentTokenKeys" .) -}}
{{- $_ := set $development $key $value -}}
{{- end -}}
{{- $data := dict -}}
{{- range $key := concat (keys .Values.secrets.values) $required | uniq | sortAlpha -}}
{{- $value := get $.Values.secrets.values $key | default "" | toString -}}
{{- if and (not $value) (not $production) (has $key $required) -}}
{{- $value = get $development $key | default "" -}}
{{- end -}}
{{- if and $production $.Values.secrets.create (has $key $required) -}}
{{- $value = required (printf "secrets.values.%s is required when global.environment is production" $key) $value -}}
{{- end -}}
{{- if $value -}}
{{- $_ := set $data $key $value -}}
{{- end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{/* One env var from a key of the Secret: dict root, name (env), key, optional. */}}
{{- define "caskade.secretRef" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ include "caskade.secretName" .root }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/*
Environment variables read from the Secret. A required key is always referenced (the render
guarantees it in production; a Secret brought by the operator must carry it); a key the chart's own
Secret lacks in development is left out, so the service falls back to its local adapter.
*/}}
{{- define "caskade.secretEnv" -}}
{{- $data := fromYaml (include "caskade.secretData" .root) -}}
{{- $ownSecret := .root.Values.secrets.create -}}
{{- range $key := .required }}
{{- if or (not $ownSecret) (hasKey $data $key) }}
{{ include "caskade.secretRef" (dict "root" $.root "name" $key "key" $key) }}
{{- end }}
{{- end }}
{{- range $key := .optional }}
{{ include "caskade.secretRef" (dict "root" $.root "name" $key "key" $key "optional" true) }}
{{- end }}
{{- end -}}

{{/*
A service's database connection: DATABASE_PASSWORD from its own key, DATABASE_URL for its own role
(Kubernetes expands $(DATABASE_PASSWORD); the password must be URL-safe), and DB_MIGRATIONS.
dict root, name, migrations (apply | verify | only).
*/}}
{{- define "caskade.databaseEnv" -}}
{{- $db := .root.Values.database -}}
{{- $role := include "caskade.dbRole" .name }}
{{ include "caskade.secretRef" (dict "root" .root "name" "DATABASE_PASSWORD" "key" (include "caskade.dbPasswordKey" .name)) }}
- name: DATABASE_URL
  value: {{ printf "postgresql://%s:$(DATABASE_PASSWORD)@%s:%d/%s%s" $role (include "caskade.dbHost" .root) ($db.port | int) $db.name (ternary (printf "?sslmode=%s" $db.sslMode) "" (ne $db.sslMode "")) | quote }}
- name: DB_MIGRATIONS
  value: {{ .migrations | quote }}
{{- end -}}

{{/* How a service's pods treat migrations: verify when a hook Job ran them before the pods start. */}}
{{- define "caskade.podMigrations" -}}
{{- if and .Values.migrations.job.enabled (not .Values.postgresql.enabled) -}}verify{{- else -}}apply{{- end -}}
{{- end -}}

{{/* The NATS settings of a service: user/password or its own creds file, and the CA for TLS. */}}
{{- define "caskade.natsEnv" -}}
{{- $nats := .root.Values.nats -}}
{{- if $nats.auth.credsSecret }}
- name: NATS_CREDS_FILE
  value: /etc/caskade/nats-creds/nats.creds
{{- else if $nats.auth.user }}
- name: NATS_USER
  value: {{ $nats.auth.user | quote }}
{{ include "caskade.secretRef" (dict "root" .root "name" "NATS_PASSWORD" "key" "NATS_PASSWORD") }}
{{- end }}
{{- if $nats.tls.enabled }}
- name: NATS_TLS_CA_FILE
  value: /etc/caskade/nats-tls/ca.crt
{{- end }}
{{- end -}}

{{/* The volumes a service mounts for NATS (its own creds file only; the CA only), as YAML lists. */}}
{{- define "caskade.natsVolumes" -}}
{{- $nats := .root.Values.nats -}}
{{- $volumes := list -}}
{{- $mounts := list -}}
{{- if $nats.auth.credsSecret -}}
{{- $volumes = append $volumes (dict "name" "nats-creds" "secret" (dict "secretName" $nats.auth.credsSecret "items" (list (dict "key" (printf "%s.creds" .name) "path" "nats.creds")))) -}}
{{- $mounts = append $mounts (dict "name" "nats-creds" "mountPath" "/etc/caskade/nats-creds" "readOnly" true) -}}
{{- end -}}
{{- if $nats.tls.enabled -}}
{{- $volumes = append $volumes (dict "name" "nats-tls" "secret" (dict "secretName" (required "nats.tls.secretName is required with nats.tls.enabled" $nats.tls.secretName) "items" (list (dict "key" "ca.crt" "path" "ca.crt")))) -}}
{{- $mounts = append $mounts (dict "name" "nats-tls" "mountPath" "/etc/caskade/nats-tls" "readOnly" true) -}}
{{- end -}}
{{- toYaml (dict "volumes" $volumes "mounts" $mounts) -}}
{{- end -}}

{{/* Plain environment variables from a values map, in key order; empty values are left out. */}}
{{- define "caskade.plainEnv" -}}
{{- range $key := keys . | sortAlpha }}
{{- $value := get $ $key | toString }}
{{- if $value }}
- name: {{ $key }}
  value: {{ $value | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/*
A Deployment for one workload. Extra keys: port (dict name, number), env (YAML list), probes (YAML
map), lifecycle (YAML map, optional), volumes and mounts (lists, optional).
*/}}
{{- define "caskade.deployment" -}}
{{- $root := .root -}}
{{- $global := $root.Values.global -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "caskade.fullname" . }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "caskade.labels" . | nindent 4 }}
spec:
  {{- if not (include "caskade.hpaEnabled" .) }}
  replicas: {{ include "caskade.minReplicas" . }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 0
      maxSurge: 1
  selector:
    matchLabels:
      {{- include "caskade.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "caskade.labels" . | nindent 8 }}
      annotations:
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        {{- if $root.Values.metrics.enabled }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $root.Values.metrics.port | int | quote }}
        prometheus.io/path: /metrics
        {{- end }}
        {{- if $root.Values.secrets.create }}
        checksum/secret: {{ include "caskade.secretData" $root | sha256sum }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "caskade.serviceAccountName" $root }}
      automountServiceAccountToken: false
      {{- with $global.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $global.podSecurityContext | nindent 8 }}
      terminationGracePeriodSeconds: 30
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "caskade.selectorLabels" . | nindent 14 }}
      containers:
        - name: {{ .name }}
          image: {{ include "caskade.image" . | quote }}
          imagePullPolicy: {{ $global.image.pullPolicy }}
          ports:
            - name: {{ .port.name }}
              containerPort: {{ .port.number }}
              protocol: TCP
            {{- if $root.Values.metrics.enabled }}
            - name: metrics
              containerPort: {{ $root.Values.metrics.port | int }}
              protocol: TCP
            {{- end }}
          envFrom:
            - configMapRef:
                name: {{ include "caskade.configName" $root }}
          env:
            {{- if $root.Values.tracing.endpoint }}
            - name: OTEL_SERVICE_NAME
              value: {{ .name | quote }}
            {{- end }}
            {{- .env | nindent 12 }}
          {{- .probes | nindent 10 }}
          {{- with .lifecycle }}
          lifecycle:
            {{- . | nindent 12 }}
          {{- end }}
          resources:
            {{- toYaml .spec.resources | nindent 12 }}
          securityContext:
            {{- toYaml $global.securityContext | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- with .mounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ $global.tmpSizeLimit }}
        {{- with .volumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
{{- end -}}

{{- define "caskade.hpa" -}}
{{- if include "caskade.hpaEnabled" . }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "caskade.fullname" . }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "caskade.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "caskade.fullname" . }}
  minReplicas: {{ .spec.hpa.min | int }}
  maxReplicas: {{ .spec.hpa.max | int }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .spec.hpa.cpu | int }}
    {{- with .spec.customMetric }}
    {{- if .enabled }}
    # A Pods metric from the metrics adapter (prometheus-adapter): where CPU says nothing.
    - type: Pods
      pods:
        metric:
          name: {{ .name }}
        target:
          type: AverageValue
          averageValue: {{ .averageValue | quote }}
    {{- end }}
    {{- end }}
{{- end }}
{{- end -}}

{{/* A PodDisruptionBudget, only when it cannot block a node drain (more replicas than minAvailable). */}}
{{- define "caskade.pdb" -}}
{{- if and .root.Values.global.pdb.enabled .spec.pdb }}
{{- if gt (include "caskade.minReplicas" . | int) (.spec.pdb.minAvailable | int) }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "caskade.fullname" . }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "caskade.labels" . | nindent 4 }}
spec:
  minAvailable: {{ .spec.pdb.minAvailable | int }}
  selector:
    matchLabels:
      {{- include "caskade.selectorLabels" . | nindent 6 }}
{{- end }}
{{- end }}
{{- end -}}
