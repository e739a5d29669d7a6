#!/bin/sh
# Fails when calls between the files of a component library go both ways:
# builds the graph "member A uses an external name member B defines" from
# nm on the library's object files and reports any cycle (tsort finds
# them). A file using its own names is fine. Compiler-made names (leading
# "__", e.g. ASan's) are skipped.
# Usage: check_oneway.sh <nm> <library file>
NM=$1
LIB=$2
if [ -z "$NM" ] || [ ! -f "$LIB" ]; then
    echo "usage: check_oneway.sh <nm> <library file>" >&2
    exit 2
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# "<member> <symbol>" for every external definition and every use.
"$NM" -A --defined-only "$LIB" >"$tmp/def.nm" || exit 2
"$NM" -A -u "$LIB" >"$tmp/use.nm" || exit 2
awk '$(NF-1) ~ /^[TDBRCGSVW]$/ && $NF !~ /^__/ { split($1, m, ":"); print m[2], $NF }' \
    "$tmp/def.nm" | sort -u >"$tmp/def"
awk '$(NF-1) ~ /^[Uw]$/ && $NF !~ /^__/ { split($1, m, ":"); print m[2], $NF }' \
    "$tmp/use.nm" | sort -u >"$tmp/use"
if [ ! -s "$tmp/def" ]; then
    echo "$LIB: no external definition found; is it the right file?" >&2
    exit 1
fi

# "<user> <definer> <symbol>" for each use of a name another member defines.
awk 'NR == FNR { def[$2] = $1; next }
     ($2 in def) && def[$2] != $1 { print $1, def[$2], $2 }' \
    "$tmp/def" "$tmp/use" | sort >"$tmp/edges"
# Every member is a node, so one without uses still appears.
awk '{ print $1, $1 }' "$tmp/def" | sort -u >"$tmp/pairs"
awk '{ print $1, $2 }' "$tmp/edges" | sort -u >>"$tmp/pairs"

if tsort "$tmp/pairs" >"$tmp/order" 2>"$tmp/loops"; then
    n=$(awk '{ print $1 }' "$tmp/def" | sort -u | wc -l)
    e=$(awk '{ print $1, $2 }' "$tmp/edges" | sort -u | wc -l)
    echo "$LIB: $n files, $e one-way uses, no cycle"
    exit 0
fi
echo "$LIB: files use each other's names (a cycle):" >&2
grep -v 'input contains a loop' "$tmp/loops" | sed 's/^tsort: */  /' | sort -u >"$tmp/members"
cat "$tmp/members" >&2
echo "uses between those files (user -> definer: name):" >&2
sed 's/^ *//' "$tmp/members" >"$tmp/names"
awk 'NR == FNR { in_loop[$1] = 1; next }
     ($1 in in_loop) && ($2 in in_loop) { print "  " $1 " -> " $2 ": " $3 }' \
    "$tmp/names" "$tmp/edges" >&2
exit 1
