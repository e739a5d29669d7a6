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
bad=0
for f in $files; do
    if ! "$clang_format" --style=file --dry-run -Werror "$f" >/dev/null 2>&1; then
        echo "check_format: $f differs from clang-format's layout (run: $clang_format -i $f)" >&2
        bad=$((bad + 1))
    fi
done
n=$(echo "$files" | wc -l)
if [ "$bad" -ne 0 ]; then
    echo "check_format: $bad of $n files are not formatted" >&2
    exit 1
fi
echo "check_format: $n files formatted"
