# Any service of the registry (proto/src/services.ts), compiled to JavaScript. From the repository root:
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=auth .
# The image runs `node` on the service's bundle (infra/src/bundle.cli.ts): no tsx, no TypeScript and
# no dev dependencies at run time; it runs as `node` and on a read-only root file system (its data
# under /data, scratch files under /tmp). The same image runs a service's workers: override the
# command with the worker's bundle, e.g. `node dist/services/speech/src/worker.mjs`.

# Compile: every dependency, then esbuild bundles the service's entries into dist/.
FROM node:20-bookworm-slim AS build
ARG SERVICE
RUN test -n "$SERVICE" || (echo "build with --build-arg SERVICE=<name>" >&2; exit 1)
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
# onnxruntime-node's install would fetch CUDA libraries the CPU-only image does not use.
ENV ONNXRUNTIME_NODE_INSTALL=skip
RUN npm ci --no-audit --no-fund && node --import tsx infra/src/bundle.cli.ts dist "$SERVICE"
# Models a service builds from its Debian packages (speech: the recogniser's career language model).
RUN if [ -f "services/$SERVICE/src/cli/build-language-model.ts" ]; then \
      apt-get update && apt-get install -y --no-install-recommends $(cat "services/$SERVICE/apt-packages.txt") && \
      node --import tsx "services/$SERVICE/src/cli/build-language-model.ts" && \
      node --import tsx "services/$SERVICE/src/cli/fetch-word-model.ts"; fi
# What the code reads beside its sources (schemas, word lists, vectors, models), without the sources: the
# ground-floor workspaces' (proto's GraphQL SDL, language's word vectors) and the service's.
RUN mkdir -p /files && cp -r --parents proto language "services/service-kit" "services/$SERVICE" /files/ \
 && find /files \( -name '*.ts' -o -name '*.tsx' -o -name 'node_modules' -o -name 'test' -o -name 'evaluation' \) -prune -exec rm -rf {} +

# Production dependencies of the service alone (its workspace and the workspaces it uses).
FROM node:20-bookworm-slim AS deps
ARG SERVICE
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
ENV ONNXRUNTIME_NODE_INSTALL=skip
RUN npm ci --omit=dev --no-audit --no-fund --workspace "@story/$SERVICE"

FROM node:20-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000 DATA_DIR=/data SERVICE=$SERVICE
WORKDIR /app
COPY --from=build /files/ ./
# Debian programs a service runs (speech: ffmpeg, pocketsphinx, festival, lame) are listed beside it.
RUN if [ -f "services/$SERVICE/apt-packages.txt" ]; then apt-get update && apt-get install -y --no-install-recommends $(cat "services/$SERVICE/apt-packages.txt") && rm -rf /var/lib/apt/lists/*; fi \
 && mkdir -p /data && chown node:node /data
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/dist dist
USER node
EXPOSE 4000
VOLUME /data
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node --enable-source-maps dist/services/$SERVICE/src/main.mjs"]
