#!/bin/sh
# The build job of scripts/slurm/submit.sh: builds the kernels' executors and
# RTL models into lgfuzz's build cache before the shards start, so that N
# shards do not each wait for the same builds: `lgfuzz build SPEC...`.
# An lgfuzz without the build command skips this step (each kernel's
# `lgfuzz run` then builds what it needs on its first run; the cache is
# shared when it lies on a shared file system, LGFUZZ_CACHE_DIR).
#
# Environment: LGFUZZ, the lgfuzz binary (default: lgfuzz on PATH).
#SBATCH --job-name=lgfuzz-build
#SBATCH --cpus-per-task=4
#SBATCH --time=1:00:00
set -eu
lgfuzz=${LGFUZZ:-lgfuzz}
if "$lgfuzz" build --help >/dev/null 2>&1; then
    exec "$lgfuzz" build "$@"
fi
echo "lgfuzz-build: $lgfuzz has no build command; each shard builds its kernels itself" >&2
