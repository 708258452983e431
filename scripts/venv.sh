# shellcheck shell=bash
# Sourced by the setup scripts: pinned_venv VENV REQUIREMENTS LABEL makes the virtualenv VENV
# (with Debian's interpreter, so that it works the same on every machine) and installs the
# pinned packages of REQUIREMENTS into it, again only when that file changed since.
pinned_venv() {
  local venv="$1" requirements="$2" label="$3"
  if [ ! -x "$venv/bin/python" ]; then
    echo "$label: creating virtualenv $venv"
    local py=/usr/bin/python3
    [ -x "$py" ] || py="$(command -v python3)"
    "$py" -m venv "$venv"
  fi
  local stamp="$venv/.$(basename "$requirements" .txt).stamp"
  if [ ! -f "$stamp" ] || ! cmp -s "$requirements" "$stamp"; then
    echo "$label: installing pinned Python packages of $(basename "$requirements") into $venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$stamp"
  fi
}
