#!/bin/sh
# One PostgreSQL LOGIN role per service, named after it, owning the schema of the same name and
# nothing else (docs/decisions/055). Idempotent: creates what is missing, resets each password, moves
# tables a shared user made before to the service's role, and revokes what everyone else may do.
#   CASKADE_ROLES                 the roles (= schemas), space-separated
#   DATABASE_PASSWORD_<ROLE>      each role's password (upper case)
#   PG* (or POSTGRES_USER/POSTGRES_DB inside the postgres image's first start)  the admin connection
set -eu
export PGUSER="${PGUSER:-${POSTGRES_USER:-postgres}}"
export PGDATABASE="${PGDATABASE:-${POSTGRES_DB:-$PGUSER}}"
psql_run() { psql -v ON_ERROR_STOP=1 --no-psqlrc --quiet "$@"; }

for role in $CASKADE_ROLES; do
  key="DATABASE_PASSWORD_$(printf '%s' "$role" | tr 'a-z' 'A-Z')"
  password="$(printenv "$key" || true)"
  if [ -z "$password" ]; then
    echo "database-roles: $key is empty" >&2
    exit 1
  fi
  ROLE_PASSWORD="$password" psql_run -v role="$role" <<'SQL'
\getenv password ROLE_PASSWORD
select format('create role %I login', :'role') where not exists (select from pg_roles where rolname = :'role') \gexec
select format('alter role %I with login nosuperuser nocreatedb nocreaterole noreplication password %L', :'role', :'password') \gexec
select format('alter role %I set search_path = %I', :'role', :'role') \gexec
-- A managed server's admin is no superuser: it must be a member to hand the schema over.
select format('grant %I to %I', :'role', current_user) where not pg_has_role(current_user, :'role', 'MEMBER') \gexec
select format('create schema if not exists %I authorization %I', :'role', :'role') \gexec
select format('alter schema %I owner to %I', :'role', :'role') \gexec
select format('alter table %I.%I owner to %I', schemaname, tablename, :'role') from pg_tables where schemaname = :'role' and tableowner <> :'role' \gexec
select format('revoke all on schema %I from public', :'role') \gexec
select format('grant connect, temporary on database %I to %I', current_database(), :'role') \gexec
SQL
  echo "database-roles: $role"
done
# Nobody connects or creates anything unless granted: each role reaches its own schema only.
psql_run <<'SQL'
select format('revoke all on database %I from public', current_database()) \gexec
revoke create on schema public from public;
SQL
