#!/usr/bin/env bash
# Runs CI as CI does, before you stop: clones the committed HEAD (nothing uncommitted, no
# node_modules, no build left over) into a temporary folder and runs `CI=true bash .ci/run` there.
# Prints the Chromium version, the unit/server and browser pass/fail counts, every test that needed
# CI's one retry (the "flaky:" lists) and the time taken.
#   bash scripts/ci-fresh.sh                 # once
#   RUNS=3 bash scripts/ci-fresh.sh          # three times in a row, each in a new clone
#   PIN_CPU=0 bash scripts/ci-fresh.sh       # pinned to one core (taskset -c 0)
#   LOAD=1 bash scripts/ci-fresh.sh          # with `vite build` running in a loop beside it
#   COMMIT=fb9f390 bash scripts/ci-fresh.sh  # that commit instead of HEAD, so commits made while a
#                                            # long chain of runs goes on do not change what it proves
# The log of each run is kept in $TMPDIR/tessera-ci-fresh.<pid>.<n>.log.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-1}"
pin=()
[ -n "${PIN_CPU:-}" ] && pin=(taskset -c "$PIN_CPU")

load_pid=""
run_pid=""
run_dir=""
# Each run and the load loop get their own process group: stopping this script stops them all,
# so no orphaned run keeps a port or a database that the next run needs.
stop_all() {
  [ -n "$run_pid" ] && kill -- "-$run_pid" 2>/dev/null
  [ -n "$load_pid" ] && kill -- "-$load_pid" 2>/dev/null
  # Playwright starts its web servers detached, outside the run's group: without this they keep
  # ports 4310/4410 and the next run's tests talk to a stale server.
  [ -n "$run_dir" ] && pkill -9 -f "$run_dir/repo/" 2>/dev/null
  run_pid=""
  run_dir=""
  load_pid=""
}
trap stop_all EXIT
trap 'exit 130' INT TERM
if [ -n "${LOAD:-}" ]; then
  # Another CPU-heavy process, as on a shared CI machine: this checkout's production build, again and again.
  out="$(mktemp -d "${TMPDIR:-/tmp}/tessera-load.XXXXXX")"
  setsid bash -c "cd '$repo' && while true; do npx vite build --outDir '$out' --emptyOutDir >/dev/null 2>&1; done" &
  load_pid=$!
  echo "load: vite build in a loop (pid $load_pid)"
fi

failed=0
for n in $(seq 1 "$runs"); do
  dir="$(mktemp -d "${TMPDIR:-/tmp}/tessera-ci-fresh.XXXXXX")"
  run_dir="$dir"
  log="${TMPDIR:-/tmp}/tessera-ci-fresh.$$.$n.log"
  git clone --quiet --no-hardlinks "$repo" "$dir/repo"
  [ -n "${COMMIT:-}" ] && git -C "$dir/repo" checkout --quiet --detach "$COMMIT"
  echo "run $n/$runs: $(git -C "$dir/repo" log -1 --format='%h %s' | cut -c1-80)${pin:+ (pinned: ${pin[*]})}"
  start=$(date +%s)
  setsid bash -c 'cd "$1" && shift && CI=true "$@" bash .ci/run' _ "$dir/repo" "${pin[@]}" >"$log" 2>&1 &
  run_pid=$!
  wait "$run_pid"
  status=$?
  run_pid=""
  took=$(( $(date +%s) - start ))
  # Vitest prints "Tests  N passed (N)" (with "| M failed" when some fail); Playwright "N passed", "N failed".
  plain="$(sed 's/\x1b\[[0-9;]*m//g' "$log")"
  unit="$(grep -E '^ +Tests +' <<<"$plain" | tail -n 1 | sed -E 's/^ +Tests +//')"
  browser="$(grep -E '^ +[0-9]+ (passed|failed|flaky|skipped)' <<<"$plain" | tr -s ' ' | tr '\n' ' ')"
  echo "  chromium: $(/usr/bin/chromium --version 2>/dev/null | head -n 1 || echo 'not installed')"
  echo "  unit and server tests: ${unit:-none reported}"
  echo "  browser tests: ${browser:-none reported}"
  # Each Playwright run ends with its "flaky:" list (scripts/flaky-reporter.ts): tests that needed CI's retry.
  flaky="$(awk '/^flaky:/{p=1} p&&/^$/{p=0} p' <<<"$plain")"
  echo "  flaky (needed a retry): $(grep -c '^  - ' <<<"$flaky" || true)"
  [ -n "$flaky" ] && sed 's/^/    /' <<<"$flaky"
  echo "  exit $status after $((took / 60)) min $((took % 60)) s — log: $log"
  [ "$status" -eq 0 ] || failed=$((failed + 1))
  # A failure or a retry leaves its traces (error-context.md, traces) for reading after the clone goes.
  if { [ "$status" -ne 0 ] || grep -q '^  - ' <<<"$flaky"; } && [ -d "$dir/repo/test-results" ]; then
    kept="${TMPDIR:-/tmp}/tessera-ci-fresh-artifacts.$$.$n"
    cp -r "$dir/repo/test-results" "$kept" && echo "  test-results kept in $kept"
  fi
  rm -rf "$dir"
  run_dir=""
done
[ "$failed" -eq 0 ] || { echo "$failed of $runs runs failed"; exit 1; }
echo "all $runs runs passed"
