# Source it (`. scripts/use-node-24.sh`) to run the project on Node 24 when the `node` on PATH is older than
# 22.12; docs/decisions/153-node-24.md. It takes Node 24 from the npm
# registry's `node-linux-<arch>` package, which holds the `node` binary and its C headers but no npm, into a
# cache outside the repository, puts its bin first on PATH (the machine's npm then runs on it: npm starts
# through `#!/usr/bin/env node`) and points native module builds (node-gyp, `npm_config_nodedir`) at its
# headers. A Node that is recent enough is kept; native modules are then built against its own headers too,
# when its install has them.
#
# Settings: BULLAPP_NODE_VERSION (default below, bumped on purpose like any locked dependency) and
# BULLAPP_NODE_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/bullapp).
#
# It was held at 24.18.1 while better-sqlite3 12 aborted when built against 24.19+ headers; better-sqlite3 13
# builds and runs on 24.21 (decision 153's follow-up).

bullapp_use_node_24() {
  local version="${BULLAPP_NODE_VERSION:-24.21.0}"
  local current major minor
  current="$(node --version 2>/dev/null || true)"
  major="$(printf '%s' "$current" | sed -n 's/^v\([0-9]*\)\..*/\1/p')"
  minor="$(printf '%s' "$current" | sed -n 's/^v[0-9]*\.\([0-9]*\)\..*/\1/p')"

  local reason="older than 22.12"
  if [ -n "$major" ] && { [ "$major" -gt 22 ] || { [ "$major" -eq 22 ] && [ "$minor" -ge 12 ]; }; }; then
    local prefix
    prefix="$(dirname "$(dirname "$(command -v node)")")"
    if [ -f "$prefix/include/node/node.h" ]; then export npm_config_nodedir="$prefix"; fi
    echo "Using Node $current from $(command -v node)"
    return 0
  fi

  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "use-node-24: Node ${current:-(none)} is $reason, and there is no Node package for $(uname -m):" \
      "install Node $version by hand" >&2
      return 1
      ;;
  esac
  if [ "$(uname -s)" != Linux ]; then
    echo "use-node-24: Node ${current:-(none)} is $reason, and this script fetches Linux builds only:" \
      "install Node $version by hand" >&2
    return 1
  fi

  local cache="${BULLAPP_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bullapp}"
  local dir="$cache/node-v$version-linux-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    echo "Node ${current:-(none)} is $reason: fetching node-linux-$arch@$version into $dir"
    mkdir -p "$cache"
    local work
    work="$(mktemp -d "$cache/.fetch.XXXXXX")" || return 1
    # npm checks the tarball against the registry's integrity hash; unpacked beside the final folder and
    # renamed into place, so a second shell fetching at the same time never sees half a Node.
    if ! (cd "$work" && npm pack "node-linux-$arch@$version" --silent >/dev/null &&
      tar -xzf "node-linux-$arch-$version.tgz" && rm "node-linux-$arch-$version.tgz"); then
      rm -rf "$work"
      echo "use-node-24: could not fetch node-linux-$arch@$version from the npm registry" >&2
      return 1
    fi
    mv -T "$work/package" "$dir" 2>/dev/null || [ -x "$dir/bin/node" ] || {
      rm -rf "$work"
      echo "use-node-24: could not move Node into $dir" >&2
      return 1
    }
    rm -rf "$work"
  fi

  case ":$PATH:" in
    *":$dir/bin:"*) ;;
    *) export PATH="$dir/bin:$PATH" ;;
  esac
  hash -r
  export npm_config_nodedir="$dir"
  echo "Using Node $(node --version) from $dir/bin/node (npm $(npm --version) from $(command -v npm))"
}

bullapp_use_node_24
