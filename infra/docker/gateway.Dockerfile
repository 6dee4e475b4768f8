# The gateway, compiled to JavaScript, with the built web app and the supergraph composed at build time.
# It runs `node` on its bundle (infra/src/bundle.cli.ts): no tsx, no TypeScript and no dev
# dependencies at run time, as `node`, on a read-only root file system.
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run compose -w @story/gateway \
 && npm run build -w @story/web \
 && node --import tsx infra/src/bundle.cli.ts dist gateway
# What the code reads beside its sources (the GraphQL schemas), without the sources.
RUN mkdir -p /files && cp -r --parents proto services/service-kit gateway /files/ \
 && find /files \( -name '*.ts' -o -name '*.tsx' -o -name 'node_modules' -o -name 'test' -o -name 'evaluation' \) -prune -exec rm -rf {} +

# Production dependencies of the gateway alone.
FROM node:20-bookworm-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --no-audit --no-fund --workspace @story/gateway

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 WEB_DIST=/app/web/dist
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /files/ ./
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/dist dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:8080/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/gateway/src/main.mjs"]
