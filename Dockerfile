# syntax=docker/dockerfile:1
# One image for on-site stations and hosted deployments: configured only by environment variables
# (validated at start), non-root, tini as PID 1 for clean signal handling, health check on /healthz.
# scripts/image-smoke performs these same steps without Docker (tests/integration/image-smoke.test.ts).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci's postinstall applies patches/ (patch-package; decision 161).
COPY patches ./patches
RUN npm ci
COPY . .
# The release that Sentry events and browser reports carry: the build's commit, e.g.
# `docker build --build-arg SENTRY_RELEASE=$(git rev-parse --short=12 HEAD) .` (.git is not in the context).
ARG SENTRY_RELEASE
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATABASE_PATH=/data/app.db API_DATABASE_PATH=/data/api.db
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# Stacks of server errors name app/… and server/… files (docs/decisions/174).
CMD ["node", "--enable-source-maps", "--import", "./build/instrument.server.js", "build/serve.js"]
