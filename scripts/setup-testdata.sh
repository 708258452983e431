#!/usr/bin/env bash
# Unpacks the test files of hudi-rs that hoodie's tests read, from the pinned source
# package of its Python binding (PyPI `hudi`, sha256-checked), into
# .deps/hudi-rs-test-files/{hfile,metadata_slices}: HFiles written by HBase 2.4 (as Hudi's
# metadata table writes them) and metadata-table HFiles of HoodieMetadataRecord values.
# Nothing of them is copied into the repository. A second run prints one line.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

VERSION=0.5.0
SDIST="hudi-$VERSION.tar.gz"
SDIST_SHA256=dc8e1f3405d262491b97e8f009bcae2cbd66279dd2a8300b738ecdc3d9cba51d
dest="$root/.deps/hudi-rs-test-files"
stamp="$dest/.installed"
say() { echo "setup-testdata: $*"; }

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$SDIST $SDIST_SHA256" ]; then
  say "hudi-rs test files up to date ($dest)"
  exit 0
fi
work="$(mktemp -d /tmp/hoodie-testdata.XXXXXX)"
trap 'rm -rf "$work"' EXIT
say "downloading $SDIST (PyPI)"
# The file itself, found through PyPI's simple index (PEP 691): `pip download` of an sdist
# would prepare its metadata, which for this Rust package needs a Rust toolchain.
python3 - "$SDIST" "$work/$SDIST" <<'PY'
import json, sys, urllib.request
name, out = sys.argv[1], sys.argv[2]
index = urllib.request.Request("https://pypi.org/simple/hudi/",
                               headers={"Accept": "application/vnd.pypi.simple.v1+json"})
files = json.load(urllib.request.urlopen(index, timeout=60))["files"]
url = next(f["url"] for f in files if f["filename"] == name)
with urllib.request.urlopen(url, timeout=300) as answer, open(out, "wb") as sink:
    sink.write(answer.read())
PY
echo "$SDIST_SHA256  $work/$SDIST" | sha256sum -c --quiet -
rm -rf "$dest"
mkdir -p "$dest"
tar -xzf "$work/$SDIST" -C "$work" \
  "hudi-$VERSION/crates/core/tests/data/hfile" \
  "hudi-$VERSION/crates/core/tests/data/metadata_slices"
mv "$work/hudi-$VERSION/crates/core/tests/data/hfile" \
   "$work/hudi-$VERSION/crates/core/tests/data/metadata_slices" "$dest/"
echo "$SDIST $SDIST_SHA256" > "$stamp"
say "unpacked $(ls "$dest/hfile" | wc -l) HFiles and the metadata slices into $dest"
