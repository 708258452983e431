#!/usr/bin/env bash
# Quick start, command 1: set up, build, and run the main job on local disk.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
# The tool only, not the test binaries.
"$root/scripts/build.sh" hoodie
exec "$root/build/src/hoodie/cli/hoodie" demo "${@}"
