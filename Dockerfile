# syntax=docker/dockerfile:1
# The service image: built with the dev dependencies (tsc), run with production dependencies only, as a non-root
# user. One image serves every role: the API (default), `node dist/src/bulk/worker-cli.js` (bulk deletes) and
# `node dist/src/risk/pricing-worker-cli.js` (parts of large pricing batches); see compose.yaml and docs/operations.md "Scaling".

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/build.mjs scripts/
COPY src src
COPY workers workers
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/dist dist
COPY --chown=root:root package.json ./
# the code is root's and read-only to the process; it writes nothing to disk
USER node
EXPOSE 8000
# SIGTERM drains requests in flight (SHUTDOWN_TIMEOUT_MS, 15 s by default: keep the stop grace period above it)
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8000}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/src/server.js"]
