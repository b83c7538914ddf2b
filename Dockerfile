# Kaunti: the built server serving the built web app, as a non-root user.
#   docker build -t kaunti .
#   docker run -p 3000:3000 -e KAUNTI_DEMO_DATA=true -e NODE_ENV=development kaunti   (a demo on PGlite)
# Production settings: docs/operations.md; several instances: compose.yaml.

# 1. Build: every workspace's dependencies, then the web app, the server and the simulator.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/catalogue/package.json packages/catalogue/
COPY tools/mpesa-sim/package.json tools/mpesa-sim/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# 2. Run: the server bundle, its runtime dependencies, the migrations and the web app; nothing else.
FROM node:22-bookworm-slim AS run
# pg_dump / pg_restore for `node apps/server/dist/ops.js backup|restore` (same major as compose's PostgreSQL).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-15 tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    KAUNTI_DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/src/migrations apps/server/src/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/main.js"]
