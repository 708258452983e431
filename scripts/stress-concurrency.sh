#!/usr/bin/env bash
# The long run of the multi-writer stress test (not in CI): 4 `hoodie write` processes x N
# commits each (default 250) on one table under optimistic concurrency control with the
# file-system lock, half of the commits on file groups of their own and half on shared ones.
# Afterwards the table must equal the model of the commits that reported success, every failure
# must be a reported write conflict, and no pending instant, heartbeat, lock or stray data file
# may be left. CI runs the same test with 8 commits per writer. Usage:
#   scripts/stress-concurrency.sh [COMMITS_PER_WRITER]
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh cli-test hoodie
HOODIE_STRESS_COMMITS="${1:-250}" build/src/hoodie/cli/cli-test \
  --gtest_filter='ConcurrentWritersTest.FourWritersLoseNoCommittedUpdate'
