# syntax=docker/dockerfile:1
# The site (Astro static pages + site/server/serve.mjs) for docker-compose.yml.
# Build context: the repository root. The project targets Node 24.21.0 (.nvmrc).
#
# The pages are rendered from cms content, so `astro build` runs when the container starts
# (the cms is healthy by then, see depends_on in docker-compose.yml), not while the image is
# built: during `docker compose build` no service runs and build containers are not on the
# compose network, so the cms cannot be reached. The image holds sources and dependencies;
# deploy/site-start.sh builds dist/ and then serves it, and serve.mjs rebuilds in place (astro
# from /app/node_modules) when the cms reports a content change.
ARG NODE_VERSION=24.21.0

# ---- deps: the same install layers as deploy/cms.Dockerfile (shared build cache) ----
FROM node:${NODE_VERSION} AS deps
WORKDIR /app
ENV STRAPI_TELEMETRY_DISABLED=true \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json tsconfig.json ./
COPY packages/shared/package.json packages/shared/
COPY cms/package.json cms/
COPY site/package.json site/
# `npm ci` fails on Strapi's lockfile (non-Linux @swc/core binaries are missing from the registry).
# Install scripts are skipped as in scripts/toolchain.mjs: every native module used ships prebuilt
# binaries (better-sqlite3, sharp, esbuild, swc, rollup); re2 (optional, firebase-tools) would compile.
RUN npm install --ignore-scripts

# ---- runtime: sources + dependencies; builds at start ----
FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production \
    ASTRO_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=4321
WORKDIR /app
# node owns everything: `astro build` writes site/dist, site/dist-next (rebuilds), site/.astro, Vite's cache.
COPY --from=deps --chown=node:node /app /app
# The site imports @writory/shared from its TypeScript sources (package "import" condition).
COPY --chown=node:node packages/shared/ packages/shared/
COPY --chown=node:node site/ site/
COPY --chmod=755 deploy/site-start.sh /usr/local/bin/site-start
USER node
WORKDIR /app/site
EXPOSE 4321
CMD ["site-start"]
