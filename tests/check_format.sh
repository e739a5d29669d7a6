#!/bin/sh
# Fails when a C, C++ or header file of lgfuzz differs from what
# clang-format makes of it with the repository's .clang-format. Kernels
# (kernels/, tests/*/kernels/) are left as written: their line numbers are
# part of the expected results. Usage: check_format.sh CLANG_FORMAT SRC_DIR
set -eu
clang_format=$1
cd "$2"
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "check_format: $2 is not a git checkout; nothing to check" >&2
    exit 0
fi
files=$(git ls-files '*.c' '*.h' '*.cpp' | grep -v -e '^kernels/' -e '/kernels/' || true)
if [ -z "$files" ]; then
    echo "check_format: no source files found in $2" >&2
    exit 1
fi
# One clang-format process for all files: one per file took most of a
# minute on a loaded machine. It names each file it would change.
out=$(echo "$files" | xargs "$clang_format" --style=file --dry-run -Werror 2>&1) && rc=0 || rc=$?
bad=$(printf '%s\n' "$out" | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
n=$(echo "$files" | wc -l)
if [ -n "$bad" ]; then
    for f in $bad; do
        echo "check_format: $f differs from clang-format's layout (run: $clang_format -i $f)" >&2
    done
    echo "check_format: $(echo "$bad" | wc -l) of $n files are not formatted" >&2
    exit 1
fi
if [ "$rc" -ne 0 ]; then
    printf '%s\n' "$out" >&2
    echo "check_format: $clang_format failed (exit $rc)" >&2
    exit 1
fi
echo "check_format: $n files formatted"
