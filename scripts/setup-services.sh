#!/usr/bin/env bash
# Installs the servers the test suite runs against, pinned (scripts/requirements-services.txt),
# into the project-local virtualenv .venv-services/: moto's S3 server (PyPI). Idempotent: a
# second run with everything in place installs nothing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv-services"
requirements="$root/scripts/requirements-services.txt"
if [ ! -x "$venv/bin/python" ]; then
  echo "setup-services: creating virtualenv $venv"
  py=/usr/bin/python3
  [ -x "$py" ] || py="$(command -v python3)"
  "$py" -m venv "$venv"
fi
stamp="$venv/.requirements-services.stamp"
if [ ! -f "$stamp" ] || ! cmp -s "$requirements" "$stamp"; then
  echo "setup-services: installing pinned test servers into $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$stamp"
fi
echo "setup-services: ready (moto_server at $venv/bin/moto_server)"
