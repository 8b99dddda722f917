# Shared helpers for scripts/*: bash, set -euo pipefail in the caller.

# Each line says how long the script has run, so that a CI log shows where its time goes.
log() { printf '==> [%d s] %s\n' "$SECONDS" "$*" >&2; }
fatal() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Installs Debian packages with apt (through sudo unless run as root).
apt_install() {
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "$@" >/dev/null
}

# Installs Debian's libpcre2-dev (pkg-config libpcre2-8) when it is missing.
ensure_pcre2() {
    if pkg-config --exists libpcre2-8 2>/dev/null; then return 0; fi
    log "installing libpcre2-dev (PCRE2 for the default backend)"
    apt_install libpcre2-dev pkg-config
    pkg-config --exists libpcre2-8 || fatal "libpcre2-dev did not install"
}

# Installs the Debian package $2 when the command $1 is missing; $3 says what it is for.
ensure_command() {
    if command -v "$1" >/dev/null 2>&1; then return 0; fi
    log "installing $2${3:+ ($3)}"
    apt_install "$2"
    command -v "$1" >/dev/null 2>&1 || fatal "$2 did not install"
}

# Installs Debian's python3 when it is missing (scripts read JSON and pick ports with it).
ensure_python3() { ensure_command python3 python3 "to read the symbol graph, JSON reports and free ports"; }

# Prints a free TCP port on 127.0.0.1 (needs python3).
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

cd "$(dirname "${BASH_SOURCE[0]}")/.."
