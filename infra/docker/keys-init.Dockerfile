# One-shot: makes the deployment's Ed25519 key pairs in the shared `keys` volume if they are missing.
FROM node:20-bookworm-slim
WORKDIR /app
COPY infra/scripts/make-keys.mjs ./
CMD ["node", "make-keys.mjs", "/keys"]
