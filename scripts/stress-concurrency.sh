#!/usr/bin/env bash
# The long run of the multi-writer stress tests (not in CI), with the file-system lock and
# with ZooKeeper (a real server, scripts/zookeeper-server.sh, started by the tests):
#   - 4 `hoodie write` processes x N commits each (default 250) on one table under optimistic
#     concurrency control, half of the commits on file groups of their own and half on shared
#     ones. Afterwards the table must equal the model of the commits that reported success,
#     every failure must be a reported write conflict, and no pending instant, heartbeat, lock
#     or stray data file may be left.
#   - the same with N/2 writes per writer and one write in three killed (SIGKILL) at a random
#     moment (seed: HOODIE_STRESS_SEED): each killed write is in the table whole or not at
#     all, and the clean after the heartbeats expire rolls back exactly the dead ones. With
#     the lock file, a killed holder blocks the others for the file's expiry, one minute.
# CI runs the same tests with 8 commits per writer (the kills on ZooKeeper only). Usage:
#   scripts/stress-concurrency.sh [COMMITS_PER_WRITER]
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh cli-test hoodie
HOODIE_STRESS_COMMITS="${1:-250}" build/src/hoodie/cli/cli-test --gtest_filter='Locks/StressTest.*'
