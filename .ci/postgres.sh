#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the store tests and prints the URL.
#
# Idempotent: installs PostgreSQL with apt-get only when it is missing, creates
# a data directory under /tmp only once, and starts the server only when it is
# not already running. Runs as root; the server itself runs as the postgres
# user, listening on 127.0.0.1 only.
#
# On success the last line on stdout is
#     export SCRAMBLE_TEST_POSTGRES=postgres://...
# and the same line is written to $SCRAMBLE_PG_ENV (default
# /tmp/scramble-pg/env), so a caller can do either of
#     eval "$(bash .ci/postgres.sh)"
#     bash .ci/postgres.sh >/dev/null && . /tmp/scramble-pg/env
# Everything else goes to stderr.
set -euo pipefail

base=${SCRAMBLE_PG_DIR:-/tmp/scramble-pg}
envfile=${SCRAMBLE_PG_ENV:-$base/env}
data=$base/data
sock=$base/socket
log=$base/server.log
user=scramble
password=scramble
db=scramble

say() { echo "postgres.sh: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
	say "must run as root (it installs packages and runs the server as user postgres)"
	exit 1
fi

# The newest installed server's bin directory, or nothing.
bindir() {
	local d
	d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
	if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
		echo "$d"
	fi
}

bin=$(bindir)
if [ -z "$bin" ]; then
	say "installing PostgreSQL with apt-get"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update >&2
	apt-get install -y postgresql >&2
	bin=$(bindir)
	if [ -z "$bin" ]; then
		say "PostgreSQL was installed but no server binaries were found under /usr/lib/postgresql"
		exit 1
	fi
fi
id postgres >/dev/null 2>&1 || { say "the postgres user does not exist"; exit 1; }

as_pg() { runuser -u postgres -- "$@"; }

mkdir -p "$base"
chown postgres:postgres "$base"
chmod 0755 "$base"
cd "$base" # a directory the postgres user can enter

if [ ! -s "$data/PG_VERSION" ]; then
	say "creating a data directory in $data"
	rm -rf "$data"
	pwfile=$(mktemp "$base/pw.XXXXXX")
	echo "postgres" >"$pwfile"
	chown postgres "$pwfile"
	as_pg "$bin/initdb" -D "$data" -U postgres --pwfile="$pwfile" \
		--auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >&2
	rm -f "$pwfile"
fi
mkdir -p "$sock"
chown postgres:postgres "$sock"

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if as_pg "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
	port=$(sed -n 4p "$data/postmaster.pid")
	say "server already running on port $port"
else
	port=5432
	while port_in_use "$port"; do
		port=$((port + 1))
		if [ "$port" -gt 5500 ]; then
			say "no free port between 5432 and 5500"
			exit 1
		fi
	done
	say "starting the server on 127.0.0.1:$port (log: $log)"
	touch "$log"
	chown postgres "$log"
	as_pg "$bin/pg_ctl" -D "$data" -l "$log" -w -t 60 start \
		-o "-c listen_addresses=127.0.0.1 -p $port -k $sock -c fsync=on" >&2 || {
		say "the server did not start; its log:"
		tail -n 30 "$log" >&2
		exit 1
	}
fi

psql_pg() { as_pg "$bin/psql" -h "$sock" -p "$port" -U postgres -X -q -v ON_ERROR_STOP=1 "$@"; }

if [ "$(psql_pg -d postgres -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$user'")" != 1 ]; then
	psql_pg -d postgres -c "CREATE ROLE $user LOGIN PASSWORD '$password'" >&2
fi
if [ "$(psql_pg -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'")" != 1 ]; then
	psql_pg -d postgres -c "CREATE DATABASE $db OWNER $user" >&2
fi

url="postgres://$user:$password@127.0.0.1:$port/$db?sslmode=disable"
line="export SCRAMBLE_TEST_POSTGRES='$url'"
mkdir -p "$(dirname "$envfile")"
echo "$line" >"$envfile"
say "ready; URL written to $envfile"
echo "$line"
