#!/usr/bin/env bash
# Installs the servers the test suite runs against, pinned (scripts/requirements-services.txt),
# into the project-local virtualenv .venv-services/: moto's S3 server (PyPI). Idempotent: a
# second run with everything in place installs nothing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/venv.sh
. "$root/scripts/venv.sh"
pinned_venv "$root/.venv-services" "$root/scripts/requirements-services.txt" setup-services
echo "setup-services: ready (moto_server at $root/.venv-services/bin/moto_server)"
