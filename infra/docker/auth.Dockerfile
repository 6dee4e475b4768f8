# The auth service. Build from the repository root: docker build -f infra/docker/auth.Dockerfile .
FROM node:20-bookworm-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY services/service-kit/package.json services/service-kit/
COPY services/auth/package.json services/auth/
COPY services/conversations/package.json services/conversations/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY infra/package.json infra/
RUN npm ci --no-audit --no-fund --workspace @story/auth --include-workspace-root

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json tsconfig.json ./
COPY proto proto
COPY services/service-kit services/service-kit
COPY services/auth services/auth
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "services/auth/src/main.ts"]
