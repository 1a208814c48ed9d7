#!/usr/bin/env bash
# Issue 25's last "done when": the whole `npm test` passes while another `npm test` runs beside it on the same
# machine. Clones this checkout's HEAD twice into a scratch folder, installs each from the lock file, and runs
# the README's `npm test` in both at once, each with the CI's TEST_DATABASE_URL and TEST_REDIS_URL (one
# PostgreSQL and one Redis for both, as two developers' runs on one machine would share them) and no E2E_PORT
# (each run picks its own free ports). Prints each run's exit status and the tail of its log; exits non-zero
# unless both passed. Takes about twice a single run on a 2-core machine.
#
#   bash scripts/parallel-test-check.sh [scratch folder]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${1:-$(mktemp -d "${TMPDIR:-/tmp}/bullapp-parallel-XXXXXX")}"
mkdir -p "$scratch"
# The tests read the product contract from ../shared beside the checkout, as in the project's own layout.
if [ -d "$root/../shared" ] && [ ! -e "$scratch/shared" ]; then ln -s "$(cd "$root/../shared" && pwd)" "$scratch/shared"; fi

. "$root/scripts/use-node-24.sh"
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
unset E2E_PORT

for run in a b; do
  rm -rf "$scratch/$run"
  git clone -q "$root" "$scratch/$run"
  (cd "$scratch/$run" && npm ci --no-audit --no-fund >"$scratch/$run.install.log" 2>&1)
done

started=$(date +%s)
(cd "$scratch/a" && npm test >"$scratch/a.log" 2>&1; echo $? >"$scratch/a.rc") &
(cd "$scratch/b" && npm test >"$scratch/b.log" 2>&1; echo $? >"$scratch/b.rc") &
wait

status=0
for run in a b; do
  rc="$(cat "$scratch/$run.rc")"
  echo "== run $run: exit $rc (log $scratch/$run.log)"
  grep -E 'Test Files|Tests  |passed|failed|flaky|skipped' "$scratch/$run.log" | tail -6 || true
  [ "$rc" = 0 ] || status=1
done
echo "== both runs side by side took $(($(date +%s) - started)) s"
exit "$status"
