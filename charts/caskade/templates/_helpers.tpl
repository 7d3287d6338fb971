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

{{/* Secret keys that must be present in production: what every enabled workload reads. */}}
{{- define "caskade.requiredSecretKeys" -}}
{{- $keys := list "DATABASE_URL" "REDIS_URL" -}}
{{- range $name, $svc := .Values.services -}}
{{- if $svc.enabled -}}
{{- $keys = concat $keys ($svc.secretEnv | default list) -}}
{{- end -}}
{{- end -}}
{{- $keys = concat $keys (.Values.gateway.secretEnv | default list) -}}
{{- toYaml (dict "keys" ($keys | uniq | sortAlpha)) -}}
{{- end -}}

{{/*
The Secret's data as YAML (key: plain value). In production a required key left empty fails the
render with its name (unless secrets.create is false: the operator's own Secret must carry it); in development empty keys fall back to throwaway values for the bundled
PostgreSQL and Redis, and anything else empty is left out (the services then use their local
adapters: the mailbox instead of SMTP, local disk instead of S3).
*/}}
{{- define "caskade.secretData" -}}
{{- $production := eq .Values.global.environment "production" -}}
{{- $required := (fromYaml (include "caskade.requiredSecretKeys" .)).keys -}}
{{- $pg := .Values.postgresql.auth -}}
{{- $development := dict
  "JWT_SECRET" "development-only-jwt-secret-never-use-in-production"
  "DATABASE_URL" (printf "postgresql://%s:%s@%s-postgresql:5432/%s" $pg.username ($pg.password | default "") .Release.Name $pg.database)
  "REDIS_URL" (printf "redis://%s-redis-master:6379" .Release.Name) -}}
{{- $data := dict -}}
{{- range $key := concat (keys .Values.secrets.values) $required | uniq | sortAlpha -}}
{{- $value := get $.Values.secrets.values $key | default "" | toString -}}
{{- if and (not $value) (not $production) -}}
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

{{/*
Environment variables read from the Secret. A required key is always referenced (the render
guarantees it in production; a Secret brought by the operator must carry it); a key the chart's own
Secret lacks in development is left out, so the service falls back to its local adapter.
*/}}
{{- define "caskade.secretEnv" -}}
{{- $secretName := include "caskade.secretName" .root -}}
{{- $data := fromYaml (include "caskade.secretData" .root) -}}
{{- $ownSecret := .root.Values.secrets.create -}}
{{- range $key := .required }}
{{- if or (not $ownSecret) (hasKey $data $key) }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ $key }}
{{- end }}
{{- end }}
{{- range $key := .optional }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ $key }}
      optional: true
{{- end }}
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
map), lifecycle (YAML map, optional).
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
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ $global.tmpSizeLimit }}
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
