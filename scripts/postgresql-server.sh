#!/usr/bin/env bash
# Usage: scripts/postgresql-server.sh PORT DIR
# Runs a PostgreSQL server (Debian's `postgresql`, installed by scripts/setup-services.sh)
# in the foreground on 127.0.0.1:PORT only (no Unix socket), with a cluster made by
# initdb in DIR/data on first use: superuser `hoodie`, password `hoodie-test-password`,
# password (scram-sha-256) authentication. The JDBC source's tests start it this way
# and kill it afterwards. PostgreSQL refuses to run as root: as root, the cluster
# belongs to, and the server runs as, the unprivileged `postgres` user.
set -euo pipefail
port="${1:?usage: postgresql-server.sh PORT DIR}"
dir="${2:?usage: postgresql-server.sh PORT DIR}"
bin="${HOODIE_POSTGRESQL_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
  echo "postgresql-server: no PostgreSQL server under /usr/lib/postgresql: run" \
    "scripts/setup-services.sh (or set HOODIE_POSTGRESQL_BIN)" >&2
  exit 2
fi
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown -R postgres: "$dir"
  as_owner=(runuser -u postgres --)
fi
if [ ! -f "$dir/data/PG_VERSION" ]; then
  printf '%s\n' hoodie-test-password > "$dir/password"
  [ "$(id -u)" != 0 ] || chown postgres: "$dir/password"
  "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U hoodie --pwfile="$dir/password" \
    --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
  }
fi
exec "${as_owner[@]}" "$bin/postgres" -D "$dir/data" -p "$port" \
  -c listen_addresses=127.0.0.1 -c unix_socket_directories= \
  -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
  -c logging_collector=off -c log_min_messages=warning
