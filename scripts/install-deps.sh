#!/bin/sh
# Installs the Debian 12 packages lgfuzz needs to build and test, only those
# that are missing (idempotent). Uses apt-get as root, or through sudo.
set -eu

PACKAGES="build-essential cmake pkg-config clang-14 clang-format-14 llvm-14-dev libclang-rt-14-dev \
libz3-dev verilator libyaml-dev libjson-c-dev libxml2-dev parallel afl++ slurm-wlm munge"

missing=""
for p in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done

if [ -z "$missing" ]; then
    echo "install-deps: all dependencies present" >&2
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "install-deps: missing packages:$missing" >&2
    echo "install-deps: run this script as root (or install sudo) to install them" >&2
    exit 1
fi

echo "install-deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >&2
