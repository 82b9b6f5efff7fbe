#!/usr/bin/env bash
# Install (Debian's postgresql) and start a PostgreSQL server on loopback for the server tests, with
# a role and a database named dreamtable. Safe to run again. Prints the URL the tests use.
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq >&2
    as_root apt-get install -y -qq postgresql >&2
fi
cluster=$(pg_lsclusters -h | head -1)
version=$(echo "$cluster" | awk '{print $1}')
name=$(echo "$cluster" | awk '{print $2}')
port=$(echo "$cluster" | awk '{print $3}')
as_root pg_ctlcluster "$version" "$name" start >&2 || true
for _ in $(seq 30); do
    as_root su postgres -c "pg_isready -q -h 127.0.0.1 -p $port" && break
    sleep 1
done
as_root su postgres -c "psql -q -p $port -tc \"SELECT 1 FROM pg_roles WHERE rolname='dreamtable'\"" | grep -q 1 ||
    as_root su postgres -c "psql -q -p $port -c \"CREATE ROLE dreamtable LOGIN PASSWORD 'dreamtable' CREATEDB\"" >&2
# The tests drop their databases WITH (FORCE), which must also end an autovacuum worker that has
# just started on one; ending a process of no role takes pg_signal_backend.
as_root su postgres -c "psql -q -p $port -c \"GRANT pg_signal_backend TO dreamtable\"" >&2
as_root su postgres -c "psql -q -p $port -tc \"SELECT 1 FROM pg_database WHERE datname='dreamtable'\"" | grep -q 1 ||
    as_root su postgres -c "createdb -p $port -O dreamtable dreamtable" >&2
echo "postgresql://dreamtable:dreamtable@127.0.0.1:$port/dreamtable"
