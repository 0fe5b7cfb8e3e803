# syntax=docker/dockerfile:1
# The site's image (decision 0029): built in stages, run as the unprivileged `node` user with production
# dependencies only. `docker compose up` (compose.yaml) runs two of them behind a proxy; see README.
ARG NODE_IMAGE=node:24-bookworm-slim

# All dependencies, for the build (Vite, React Router's compiler) and the operator tools (tsx scripts).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The production build, in build/. Also the `tools` target: npm run user:create, db:seed, db:backup, db:migrate.
FROM deps AS build
COPY . .
RUN npm run build
FROM build AS tools
# DATA_DIR must be writable by the unprivileged user; keep backups on a mounted volume (--out /backups/...).
ENV DATA_DIR=/tmp/citron
USER node

# Production dependencies only (sharp brings its prebuilt Linux binary from the registry).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# What the server reads at run time: the build, the migrations, content/ (checked at start), server.js.
COPY --chown=node:node package.json server.js ./
COPY --chown=node:node server/cluster-metrics.mjs ./server/cluster-metrics.mjs
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node app/db/migrations ./app/db/migrations
COPY --chown=node:node content ./content
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz: the process answers (a load balancer uses /readyz for "the database answers too").
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# Exec form: node is PID 1 and gets SIGTERM itself (docs/operations.md); it drains for up to 10 s.
CMD ["node", "server.js"]
