#!/usr/bin/env bash
# Runs a test command with a CPU hog on every core beside it, to show that no
# test's outcome depends on wall-time margins. The hogs are killed at the end.
# Usage: scripts/stress-tests.sh <command> [args...]
#   e.g. (cd apps/server && ../../scripts/stress-tests.sh pnpm exec vitest run test/page-evaluations)
set -uo pipefail
if [ "$#" -eq 0 ]; then
  echo "usage: scripts/stress-tests.sh <command> [args...]" >&2
  exit 2
fi

cores="$(nproc)"
hogs=()
stop_hogs() {
  for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${hogs[@]}" 2>/dev/null
}
trap stop_hogs EXIT
for _ in $(seq 1 "$cores"); do
  node -e 'for (;;) {}' &
  hogs+=("$!")
done

started="$(date +%s)"
"$@"
status=$?
elapsed=$(($(date +%s) - started))
echo "stress: '$*' with ${cores} CPU hogs: exit ${status} after ${elapsed} s"
exit "$status"
