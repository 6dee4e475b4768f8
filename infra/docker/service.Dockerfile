# Any service of the registry (proto/src/services.ts). Build from the repository root:
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=auth .
# The same image runs a service's workers: override the command with its worker entry.
FROM node:20-bookworm-slim AS deps
ARG SERVICE
RUN test -n "$SERVICE" || (echo "build with --build-arg SERVICE=<name>" >&2; exit 1)
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund --workspace "@story/$SERVICE" --include-workspace-root

FROM node:20-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000 DATA_DIR=/data SERVICE=$SERVICE
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json /app/tsconfig.json ./
COPY --from=deps /app/proto proto
COPY --from=deps /app/services/service-kit services/service-kit
COPY --from=deps /app/services/$SERVICE services/$SERVICE
# Debian programs a service runs (speech: ffmpeg, pocketsphinx, festival, lame) are listed beside it.
RUN if [ -f "services/$SERVICE/apt-packages.txt" ]; then apt-get update && apt-get install -y --no-install-recommends $(cat "services/$SERVICE/apt-packages.txt") && rm -rf /var/lib/apt/lists/*; fi
# Models a service builds from its Debian packages (speech: the recogniser's career language model).
RUN if [ -f "services/$SERVICE/src/cli/build-language-model.ts" ]; then node --import tsx "services/$SERVICE/src/cli/build-language-model.ts"; fi
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node --import tsx services/$SERVICE/src/main.ts"]
