# Shared helpers for scripts/*: bash, set -euo pipefail in the caller.

log() { printf '==> %s\n' "$*" >&2; }
fatal() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Installs Debian's libpcre2-dev (pkg-config libpcre2-8) when it is missing.
ensure_pcre2() {
    if pkg-config --exists libpcre2-8 2>/dev/null; then return 0; fi
    log "installing libpcre2-dev (PCRE2 for the default backend)"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq libpcre2-dev pkg-config >/dev/null
    pkg-config --exists libpcre2-8 || fatal "libpcre2-dev did not install"
}

# Installs Debian's python3 when it is missing (scripts/public-api reads the symbol graph with it).
ensure_python3() {
    if command -v python3 >/dev/null 2>&1; then return 0; fi
    log "installing python3 (to read the symbol graph)"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq python3 >/dev/null
    command -v python3 >/dev/null 2>&1 || fatal "python3 did not install"
}

cd "$(dirname "${BASH_SOURCE[0]}")/.."
