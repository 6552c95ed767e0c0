#!/usr/bin/env bash
# The whole test command (`npm test`): static checks, unit and server tests on PGlite and
# PostgreSQL, the production build, then browser tests against it on the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "test dependencies"
bash scripts/setup-test-deps.sh

step "Node.js: the registry's build pinned in package.json (what the Dockerfile ships)"
# npm puts node_modules/.bin first on PATH, so every script below runs on the pinned Node.
node scripts/check-node.mjs

step "typecheck"
npm run --silent typecheck

step "lint and format"
npx biome check --error-on-warnings .

step "dead code (knip: files, exports and dependencies nothing uses)"
npx knip --no-progress

step "message catalogs"
# Compare messages, not the "#:" source references (those move whenever code does).
catalog_digest() { find locales -type f -name '*.po' | sort | xargs cat | grep -v '^#:' | sha256sum; }
before=$(catalog_digest)
npx lingui extract >/dev/null
npx lingui extract --config lingui.console.config.ts >/dev/null
after=$(catalog_digest)
if [ "$before" != "$after" ]; then
  echo "catalogs were out of date with the source: run 'npm run i18n:extract' and commit locales/" >&2
  exit 1
fi
I18N_REQUIRE_COMPLETE=1 npx tsx scripts/check-catalogs.ts

step "unit and server tests (PGlite, and PostgreSQL when it can start)"
if [ -f scripts/with-postgres.sh ]; then
  bash scripts/with-postgres.sh npx vitest run
else
  npx vitest run
fi

step "production build (the PWA, and the server compiled to JavaScript)"
npm run --silent build >/dev/null
npx tsx scripts/check-budgets.ts

step "browser tests (Debian Chromium)"
npx playwright test

step "the phone's journeys in every engine (Chromium, WebKitGTK, Firefox ESR)"
npx playwright test -c playwright.engines.config.ts

step "Lighthouse audits (alone, against a server of their own)"
npx playwright test -c playwright.lighthouse.config.ts
