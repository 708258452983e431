#!/usr/bin/env bash
# Installs the Python package's test environment: the project-local virtualenv
# .venv-python/ with the pins of scripts/requirements-python.txt (pyarrow 22.0.0, the one
# hoodie links, with pytest, pandas, Polars, DuckDB and hudi-rs' hudi). The tests import
# hoodie from build/python/, where the build puts the extension beside the package.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/venv.sh
. "$root/scripts/venv.sh"
pinned_venv "$root/.venv-python" "$root/scripts/requirements-python.txt" setup-python
