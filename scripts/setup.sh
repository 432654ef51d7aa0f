#!/usr/bin/env bash
# Idempotent installation of everything the project needs on a Debian machine:
#   .venv          Python 3.11 (default python3) + requirements-dev.txt
#   .venv-pyodide  Python >= 3.12 (pyenv)        + requirements-pyodide.txt
#   node_modules   `npm ci` from package-lock.json (the npm package pyodide)
#   chromium       Debian's package (only when /usr/bin/chromium is missing)
#   firefox-esr, webkit2gtk-driver, xvfb   Debian's packages (tests/xengine/), when missing
# Each step writes a stamp keyed by the hash of its requirements/lock file and
# skips itself when the stamp matches, so a second run takes about a second.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

say() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] ОШИБКА: %s\n' "$*" >&2; exit 1; }

LOG="$(mktemp -t rules-setup.XXXXXX)"
trap 'rm -f "$LOG"' EXIT

# run_logged DESCRIPTION CMD...: quiet on success, the command's output on failure.
run_logged() {
    local what="$1"; shift
    if ! "$@" >"$LOG" 2>&1; then
        printf '[setup] ОШИБКА: %s\n' "$what" >&2
        tail -n 60 "$LOG" >&2
        exit 1
    fi
}

hash_of() { sha256sum "$@" | sha256sum | cut -c1-16; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "нужен root или sudo для apt-get"
    SUDO="sudo"
fi
APT_UPDATED=""
apt_install() {
    if [ -z "$APT_UPDATED" ]; then
        say "apt-get update"
        run_logged "apt-get update" $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
        APT_UPDATED=1
    fi
    say "apt-get install $*"
    run_logged "apt-get install $*" $SUDO env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "$@"
}

# ---------------------------------------------------------------- (a) .venv
setup_venv() {  # DIR PYTHON REQUIREMENTS
    local dir="$1" python="$2" req="$3"
    local stamp="$dir/.setup-stamp"
    local want
    want="$(hash_of "$req") $("$python" -c 'import sys; print(sys.version.split()[0])')"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
        && "$dir/bin/python" -c 'pass' >/dev/null 2>&1; then
        say "$dir: готово (пропуск)"
        return
    fi
    if ! "$dir/bin/python" -c 'pass' >/dev/null 2>&1 \
        || [ "$("$dir/bin/python" -c 'import sys; print(sys.version.split()[0])')" \
             != "$("$python" -c 'import sys; print(sys.version.split()[0])')" ]; then
        say "$dir: создаю виртуальное окружение ($("$python" -V 2>&1))"
        rm -rf "$dir"
        run_logged "venv $dir" "$python" -m venv "$dir"
    fi
    say "$dir: устанавливаю $req"
    run_logged "pip install -r $req" "$dir/bin/python" -m pip install \
        --disable-pip-version-check --no-input -q -r "$req"
    printf '%s\n' "$want" >"$stamp"
}

PY311="$(command -v python3 || true)"
[ -n "$PY311" ] || die "python3 не найден"
"$PY311" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null \
    || die "нужен python3 >= 3.11, а найден $("$PY311" -V 2>&1)"
setup_venv .venv "$PY311" requirements-dev.txt

# ------------------------------------------------------- (b) .venv-pyodide
find_python312() {
    local cand
    local -a cands=()
    if command -v pyenv >/dev/null 2>&1; then
        local proot
        proot="$(pyenv root)"
        for cand in "$proot"/versions/3.13*/bin/python3 "$proot"/versions/3.12*/bin/python3; do
            [ -x "$cand" ] && cands+=("$cand")
        done
    fi
    for cand in python3.13 python3.12; do
        command -v "$cand" >/dev/null 2>&1 && cands+=("$(command -v "$cand")")
    done
    for cand in "${cands[@]}"; do
        if "$cand" -c 'import sys, venv; assert sys.version_info >= (3, 12)' >/dev/null 2>&1; then
            printf '%s\n' "$cand"
            return 0
        fi
    done
    return 1
}
PY312="$(find_python312)" \
    || die "нужен Python >= 3.12 для pyodide-build (pyenv install 3.12 или python3.12 в PATH)"
setup_venv .venv-pyodide "$PY312" requirements-pyodide.txt

# ------------------------------------------------------------ (c) node_modules
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm
fi
node -e 'process.exit(+process.versions.node.split(".")[0] >= 18 ? 0 : 1)' \
    || die "нужен Node >= 18, а найден $(node --version)"
[ -f package-lock.json ] || die "нет package-lock.json (он должен быть в репозитории)"
NPM_WANT="$(hash_of package.json package-lock.json) $(node --version)"
if [ -f node_modules/.setup-stamp ] && [ "$(cat node_modules/.setup-stamp)" = "$NPM_WANT" ] \
    && [ -f node_modules/pyodide/package.json ]; then
    say "node_modules: готово (пропуск)"
else
    say "node_modules: npm ci"
    run_logged "npm ci" npm ci --no-audit --no-fund --loglevel=error
    printf '%s\n' "$NPM_WANT" >node_modules/.setup-stamp
fi

# ---------------------------------------------------------------- (d) chromium
if [ -x /usr/bin/chromium ]; then
    say "chromium: готово (пропуск)"
else
    apt_install chromium
    [ -x /usr/bin/chromium ] || die "chromium не установился"
fi

# ------------------------------------- (e) Firefox and WebKitGTK (tests/xengine/)
# The other two browser engines, from Debian's packages only: firefox-esr (driven by
# puppeteer-core over WebDriver BiDi) and WebKitGTK's WebKitWebDriver + MiniBrowser
# (driven by Selenium) on a private X server.
XENGINE_PKGS=()
[ -x /usr/bin/firefox-esr ] || XENGINE_PKGS+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || XENGINE_PKGS+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || XENGINE_PKGS+=(xvfb)
command -v xauth >/dev/null 2>&1 || XENGINE_PKGS+=(xauth)
if [ "${#XENGINE_PKGS[@]}" -eq 0 ]; then
    say "firefox-esr, webkit2gtk-driver, xvfb: готово (пропуск)"
else
    apt_install "${XENGINE_PKGS[@]}"
    [ -x /usr/bin/firefox-esr ] && [ -x /usr/bin/WebKitWebDriver ] && command -v Xvfb >/dev/null 2>&1 \
        || die "firefox-esr, webkit2gtk-driver или xvfb не установились"
fi

say "всё установлено"
