# syntax=docker/dockerfile:1
# The cms (Strapi 5) for docker-compose.yml. Build context: the repository root.
# The project targets Node 24.21.0 (.nvmrc).
ARG NODE_VERSION=24.21.0

# ---- build: install, compile packages/shared, build the cms (server + admin panel) ----
# The full node image has python3/make/g++ in case a native module (better-sqlite3) must compile.
FROM node:${NODE_VERSION} AS build
WORKDIR /app
ENV STRAPI_TELEMETRY_DISABLED=true \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false

# Manifests first, so the dependency layer is reused until a package.json or the lockfile changes.
# Every workspace's manifest is copied so npm sees the same workspaces as the lockfile
# (the same layers as deploy/site.Dockerfile, so a build of both installs once).
COPY package.json package-lock.json tsconfig.json ./
COPY packages/shared/package.json packages/shared/
COPY cms/package.json cms/
COPY site/package.json site/
# `npm ci` fails on Strapi's lockfile (non-Linux @swc/core binaries are missing from the registry).
# Install scripts are skipped as in scripts/toolchain.mjs: every native module used ships prebuilt
# binaries (better-sqlite3, sharp, esbuild, swc, rollup); re2 (optional, firebase-tools) would compile.
RUN npm install --ignore-scripts

COPY packages/shared/ packages/shared/
COPY cms/ cms/
# The cms requires @writory/shared's compiled CommonJS (packages/shared/dist).
RUN npx --no-install tsc -p packages/shared/tsconfig.json
# PUBLIC_URL stays unset here: the admin bundle then calls its backend origin-relative, so the
# same image works behind any public origin. (The config guard skips its checks during build.)
RUN cd cms && NODE_ENV=production npx --no-install strapi build --minify
RUN npm prune --omit=dev

# ---- runtime ----
FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production \
    STRAPI_TELEMETRY_DISABLED=true \
    HOST=0.0.0.0 \
    PORT=1337
WORKDIR /app
# Noto fonts: certificate PDFs set names and poem titles in any script (cms/src/lib/certificate-pdf.ts).
# poppler-utils: pdftotext reads poem PDFs in every script (cms/src/lib/pdftotext.ts; the cms refuses to start
# without it); util-linux's prlimit bounds its memory.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-core poppler-utils util-linux && rm -rf /var/lib/apt/lists/*
COPY --from=build --chown=node:node /app /app
# Strapi's local upload provider writes to uploads, entries' private files to .private (volumes in docker-compose.yml).
RUN mkdir -p /app/cms/public/uploads /app/cms/.private && chown node:node /app/cms/public/uploads /app/cms/.private
USER node
WORKDIR /app/cms
EXPOSE 1337
CMD ["node", "/app/node_modules/@strapi/strapi/bin/strapi.js", "start"]
