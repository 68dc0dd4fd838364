#!/usr/bin/env bash
# Builds one libFuzzer target and runs it on its corpus: Tests/Fuzz/run.sh TARGET SECONDS [libFuzzer flags…]
#   Tests/Fuzz/run.sh FuzzSlug 300
#   Tests/Fuzz/run.sh FuzzSlug build                      (build only)
#   Tests/Fuzz/run.sh FuzzSlug 0 crash-…                   (the binary with only these arguments: replay one input)
# New inputs go to a scratch folder; merge them into Tests/Fuzz/Corpus/TARGET with
# Tests/Fuzz/merge.sh TARGET. Builds in $FUZZ_BUILD (default /work/fuzz-build, outside the repository).
set -euo pipefail
target=${1:?usage: run.sh TARGET SECONDS [libFuzzer flags…]}
seconds=${2:?usage: run.sh TARGET SECONDS [libFuzzer flags…]}
shift 2
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD:-/work/fuzz-build}
corpus="$repo/Tests/Fuzz/Corpus/$target"
[ -d "$corpus" ] || { echo "no corpus folder $corpus" >&2; exit 2; }

cd "$repo"
# swiftc keeps only the last -sanitize flag, so "--sanitize=fuzzer --sanitize=address" leaves the code
# without coverage instrumentation. --sanitize=fuzzer tells SwiftPM that libFuzzer brings main;
# the -Xswiftc flag, coming last, asks for both sanitizers.
BOOKPLATE_FUZZ=1 nice swift build -c release --build-path "$build" --product "$target" \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
binary="$build/release/$target"
[ "$seconds" = build ] && exit 0

# Catalog answers are bigger than titles and dates.
# FuzzCatalog runs the async clients in a Task: its context is freed a moment after the input
# returns, which LeakSanitizer reports as a leak; leaks are not looked for there.
extra=()
case "$target" in
    FuzzCatalog) max_len=32768 extra=(-detect_leaks=0) ;;
    FuzzImport | FuzzHighlights) max_len=16384 ;;
    *) max_len=4096 ;;
esac
dict=()
[ -f "$repo/Tests/Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="$repo/Tests/Fuzz/Dictionaries/$target.dict")
findings="$build/findings/$target"
new="$build/new-corpus/$target"
mkdir -p "$findings" "$new"
if [ "$seconds" = 0 ]; then
    exec nice "$binary" "$@"
fi
# One process, one worker. New finds go to $new (first folder); the committed corpus is read only.
exec nice "$binary" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$findings/" "${dict[@]}" "${extra[@]}" "$@" "$new" "$corpus"
