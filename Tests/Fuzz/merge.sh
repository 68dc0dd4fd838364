#!/usr/bin/env bash
# Minimises TARGET's committed corpus together with the finds of its last runs:
#   Tests/Fuzz/merge.sh TARGET
# Keeps a smallest set of inputs that covers every feature (libFuzzer -set_cover_merge=1, a
# smaller corpus than -merge=1) plus the hand-named inputs, then empties the finds folder.
set -euo pipefail
target=${1:?usage: merge.sh TARGET}
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD:-/work/fuzz-build}
corpus="$repo/Tests/Fuzz/Corpus/$target"
new="$build/new-corpus/$target"
merged="$build/merged/$target"
staged="$build/staged/$target"
rm -rf "$merged" "$staged" && mkdir -p "$merged" "$staged" "$new"
extra=()
largest=16384
# Catalog answers over 6 KB (the recorded Google pages and their mutants) were 60% of the bytes
# for 3 of 2,838 edges; they are left out of the committed corpus.
[ "$target" = FuzzCatalog ] && extra=(-detect_leaks=0) largest=6144 # leaks: see run.sh
# Mutants of the 14 KB Kobo fixture were a third of the highlights corpus' bytes; the small Kobo seed
# covers the same reader.
[ "$target" = FuzzHighlights ] && largest=6144
find "$corpus" "$new" -maxdepth 1 -type f -size -$((largest + 1))c -exec cp -t "$staged" {} +
nice "$build/release/$target" -set_cover_merge=1 -timeout=10 -rss_limit_mb=2048 "${extra[@]}" "$merged" "$staged"
# Files libFuzzer named (the SHA-1 of their bytes) are replaced by the merge; hand-named ones
# (inputs that once crashed, seeds) stay, and a merged file with the same bytes is not added.
find "$corpus" -maxdepth 1 -type f -regextype posix-extended -regex '.*/[0-9a-f]{40}' -delete
known=$(find "$corpus" -maxdepth 1 -type f -exec sha1sum {} + | cut -d" " -f1)
for file in "$merged"/*; do
    grep -qx "$(basename "$file")" <<<"$known" || cp "$file" "$corpus"/
done
rm -rf "$new" "$merged" "$staged"
echo "$target: $(ls "$corpus" | wc -l) files, $(cat "$corpus"/* | wc -c) bytes"
