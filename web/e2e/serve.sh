#!/usr/bin/env bash
# A server under test for `npm run e2e` (one per worker, on $E2E_PORT): the demo tenant in a fresh temporary SQLite data directory, captcha
# answers (echoed to the log) and verification codes (the outbox) in one fixed file, truncated here, that
# e2e/helpers.ts reads.
set -euo pipefail

web="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="$(dirname "$web")"
results="$web/test-results"
port="${E2E_PORT:-8181}"
# One log per server (playwright.config.ts starts one per worker); e2e/helpers.ts reads the one of its worker.
log_file="$results/e2e-server-$port.log"
console_file="$results/e2e-server-$port.console.log"

mkdir -p "$results"
: >"$log_file"
data_dir="$(mktemp -d "${TMPDIR:-/tmp}/iotyun-e2e.XXXXXX")"
trap 'rm -rf "$data_dir"' EXIT

# A fresh SQLite database in $data_dir even where the environment or .env points at a shared one (CI's
# PostgreSQL): an empty URL (set, so it beats .env) means SQLite under IOTYUN_DATA_DIR.
export IOTYUN_DATABASE_URL=
export IOTYUN_DATA_DIR="$data_dir"
export IOTYUN_CAPTCHA=on
export IOTYUN_CAPTCHA_ECHO=true
export IOTYUN_CODE_SENDER=outbox
export IOTYUN_CODE_OUTBOX="$log_file"
export IOTYUN_LOG_FILE="$log_file"
export IOTYUN_WEB_DIST="$web/dist"
# The outgoing webhooks' test (e2e/webhooks.spec.ts) subscribes a receiver it runs on this host.
export IOTYUN_NOTIFY_ALLOW_PRIVATE=true

if command -v uv >/dev/null 2>&1; then uv=(uv); else uv=(python3 -m uv); fi

cd "$repo"
echo "e2e server: data $data_dir, log $log_file" >&2
# The operator of e2e/operator.spec.ts, made the one way an operator is made: the command on the server.
IOTYUN_OPERATOR_PASSWORD=e2e-operator-secret "${uv[@]}" run --frozen iotyun operator create e2eops >>"$console_file" 2>&1
# In the background so a SIGTERM to this script alone (not only to its process group, which is what Playwright
# sends) still stops the server before the EXIT trap removes the data directory.
"${uv[@]}" run --frozen iotyun serve --demo --port "$port" >"$console_file" 2>&1 &
server=$!
trap 'kill -TERM "$server" 2>/dev/null; wait "$server"; exit 143' TERM INT
status=0
wait "$server" || status=$?
if [ "$status" -ne 0 ]; then
  echo "e2e server exited with status $status; last lines of $console_file:" >&2
  tail -n 40 "$console_file" >&2
fi
exit "$status"
