# The two commands: `make run` and `make test`. Both install what is missing first.
SHELL := /bin/bash
NODE := node --import tsx

.PHONY: run test check build deps deps-test bench typecheck lint format admin clean-data test-unit nats-conf compose-secrets reembed k8s k8s-secrets migrate-to-mongo docs

deps:
	@bash infra/scripts/install-system-packages.sh run
	@bash infra/scripts/install-npm-packages.sh
	@$(NODE) services/speech/src/cli/build-language-model.ts
	@$(NODE) services/speech/src/cli/fetch-word-model.ts

deps-test:
	@bash infra/scripts/install-system-packages.sh test
	@bash infra/scripts/install-npm-packages.sh
	@$(NODE) services/speech/src/cli/build-language-model.ts
	@$(NODE) services/speech/src/cli/fetch-word-model.ts

build: deps
	@npm run --silent compose -w @story/gateway
	@npm run --silent build -w @story/web -- --logLevel warn
	@$(NODE) infra/src/stack-bundles.cli.ts >/dev/null

## Start the whole system at http://localhost:8080 (Ctrl-C stops it).
run: build
	@$(NODE) infra/src/run.ts

## Every test: types, lint and format, unit, NATS integration, whole-stack and browser tests.
test: deps-test build
	@# Types beside lint and format (two single-threaded checks on two cores: ~50 s instead of ~95 s); either failing fails.
	@npx tsc -p tsconfig.json --noEmit & types=$$!; \
	  $(MAKE) --no-print-directory lint; linted=$$?; \
	  wait $$types && exit $$linted
	@npx vitest run

## The inner loop: types, lint and format, and the unit tests (vitest's `unit` project); no stack, no browser.
check: deps-test
	@npx tsc -p tsconfig.json --noEmit & types=$$!; \
	  $(MAKE) --no-print-directory lint; linted=$$?; \
	  wait $$types && exit $$linted
	@npx vitest run --project unit

## ESLint (eslint.config.js: typescript-eslint, react-hooks, jsx-a11y, the web's import boundaries)
## and Prettier's check (.prettierrc). `make format` applies the formatting.
lint:
	@bash infra/scripts/install-npm-packages.sh
	@npx eslint .
	@npx prettier --check --log-level warn .

## Prettier over the tree; twice, since a few long call chains settle only on the second pass.
format:
	@npx prettier --write --log-level warn .
	@npx prettier --write --log-level warn .

## Benchmarks against the budgets of docs/architecture.md (prints figures and ratios; docs/performance.md).
bench: build
	@$(NODE) bench/run.ts

typecheck: deps
	@npx tsc -p tsconfig.json --noEmit

## Make an existing user an admin: make admin EMAIL=someone@gmail.com
admin: deps
	@$(NODE) services/auth/src/cli/promote-admin.ts "$(EMAIL)"

## Give every story a vector of the configured embedder (after SEARCH_EMBEDDER changed).
reembed: deps
	@$(NODE) services/search/src/cli/reembed.ts

## Move a one-machine installation (SQLite files and vectors under DATA_DIR) into MongoDB (MONGODB_URL)
## and Qdrant (QDRANT_URL); docs/operations/migration.md. Idempotent and resumable;
## make migrate-to-mongo ARGS=--dry-run prints the counts only.
migrate-to-mongo: deps
	@$(NODE) infra/src/migrate/migrate.cli.ts $(ARGS)

clean-data:
	rm -rf data

## Rewrite docs/configuration.md and .env.example from the processes' zod schemas (their .describe());
## infra/src/config-docs/config-docs.test.ts fails while the committed files differ from what this makes.
docs: deps
	@$(NODE) infra/src/config-docs.cli.ts

## Rewrite infra/nats/accounts.conf (compose's NATS users and permissions) from proto/src/services.ts.
nats-conf: deps
	@$(NODE) infra/src/nats-conf.cli.ts accounts

## Put a random password for each NATS user into .env (kept if there), for `docker compose up`.
compose-secrets: deps
	@$(NODE) infra/src/nats-conf.cli.ts secrets

## Rewrite infra/k8s/ (kustomize base and overlays) from proto/src/services.ts; infra/test/k8s.test.ts
## fails while the committed manifests differ from what this makes.
k8s: deps
	@$(NODE) infra/src/k8s.cli.ts manifests

## Write the secret files an overlay's secretGenerator reads (gitignored; kept if there):
## make k8s-secrets OVERLAY=production
k8s-secrets: deps
	@$(NODE) infra/src/k8s.cli.ts secrets "$(or $(OVERLAY),production)"
