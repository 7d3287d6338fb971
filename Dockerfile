# syntax=docker/dockerfile:1
# One Dockerfile for every Caskade image. A service image runs one esbuild bundle
# (scripts/build-services.mjs) on the production dependencies only:
#   docker build --build-arg SERVICE=identity -t caskade-identity .
#   docker build --build-arg SERVICE=gateway  -t caskade-gateway  .    (also serves web/dist)
#   docker build --target load-test           -t caskade-load-test .   (k6 with load-tests/k6)
# The stages up to `build` do not depend on SERVICE, so building several images shares them.

# Node.js 24, the active LTS line (supported until April 2028): the same line every npm script runs on
# (the root devDependency `node`, ADR 072; keep the two pins on one line). The bundles target Node 20.19+.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG K6_IMAGE=grafana/k6:1.0.0

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# The package manifests alone, so the dependency layers are reused until a package.json or the
# lockfile changes.
FROM base AS manifests
COPY . /src
RUN mkdir /manifests \
 && cd /src \
 && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -type f -print \
    | xargs -I{} cp --parents {} /manifests/

FROM base AS deps
COPY --from=manifests /manifests/ ./
# npm install honours the lockfile; npm ci would refuse it (see .ci/run: some other-platform optional builds are not listed).
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund

# Every bundle and the web app, built once for all images.
FROM deps AS build
COPY . .
RUN npm run build:web \
 && node scripts/build-services.mjs \
 && for bundle in dist/*.cjs; do \
      name="$(basename "$bundle" .cjs)"; \
      mkdir -p "out/$name/dist"; \
      cp "$bundle" "$bundle.map" "out/$name/dist/"; \
    done \
 && mkdir -p out/gateway/web \
 && cp -r web/dist out/gateway/web/dist \
 && cp -r web/dist-ssr out/gateway/web/dist-ssr

FROM base AS prod-deps
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund

FROM ${K6_IMAGE} AS load-test
COPY load-tests/ /load-tests/

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
RUN test -n "$SERVICE" || { echo 'build with --build-arg SERVICE=<service name or gateway>' >&2; exit 1; }
WORKDIR /app
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    SERVICE=${SERVICE}
# Owned by root and not writable by the runtime user; the pod mounts a writable /tmp.
COPY --from=prod-deps /app ./
COPY --from=build /app/out/${SERVICE}/ ./
USER 1000:1000
EXPOSE 3000 50051
CMD ["/bin/sh", "-c", "exec node \"dist/${SERVICE}.cjs\""]
