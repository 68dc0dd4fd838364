#!/usr/bin/env bash
# Minimises TARGET's committed corpus together with the finds of its last runs:
#   Tests/Fuzz/merge.sh TARGET
# Keeps only inputs that add coverage (libFuzzer -merge=1), then empties the finds folder.
set -euo pipefail
target=${1:?usage: merge.sh TARGET}
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD:-/work/fuzz-build}
corpus="$repo/Tests/Fuzz/Corpus/$target"
new="$build/new-corpus/$target"
merged="$build/merged/$target"
rm -rf "$merged" && mkdir -p "$merged" "$new"
nice "$build/release/$target" -merge=1 -timeout=10 -rss_limit_mb=2048 "$merged" "$corpus" "$new"
rm -f "$corpus"/* && cp "$merged"/* "$corpus"/
rm -rf "$new" "$merged"
echo "$target: $(ls "$corpus" | wc -l) files, $(cat "$corpus"/* | wc -c) bytes"
