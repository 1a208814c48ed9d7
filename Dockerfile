# syntax=docker/dockerfile:1
# BullApp in three stages (decision 161): the build with every dependency, the production dependencies alone,
# and the run stage, which holds the build and those dependencies only. Node is pinned like the rest of the
# project (decision 153). tests/system/production-install.test.ts runs the run stage's commands without Docker.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# The build: every dependency (Vite, TypeScript), then `npm run build` into dist/.
FROM ${NODE_IMAGE} AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The production dependencies: `npm ci --omit=dev` (better-sqlite3's native module is built here, where the
# compilers are, if no prebuilt one is fetched).
FROM ${NODE_IMAGE} AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# The run stage: owned by root and read-only to the app's user, but for the data folder (one volume).
FROM ${NODE_IMAGE} AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/app/data/app.sqlite \
    OUTBOX_DIR=/app/data/outbox \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_LOGS_MAX=0
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY scripts/serve.mjs scripts/start.mjs scripts/build-if-stale.mjs scripts/restore.mjs ./scripts/
RUN mkdir -p /app/data && chown node:node /app/data && chmod 700 /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# node, not curl (the image has none): healthy while /healthz answers 200.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# npm hands SIGTERM on to the server (`exec`, decision 159), which finishes requests in flight, then exits.
CMD ["npm", "run", "serve"]
