-- migrate:up

-- Who may write the ledger (docs/domain.md#ledger): the API and the worker connect as `beach_app`, which
-- reads every ledger table and writes them only through the posting functions; the role that runs the
-- migrations, seeds and restores owns the tables and the functions. Roles belong to the whole server:
-- made once, by the first database migrated there. Its LOGIN and password are set by `pnpm db migrate`
-- (DATABASE_APP_PASSWORD), never written here.
DO $$
BEGIN
  CREATE ROLE beach_app NOLOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

GRANT USAGE ON SCHEMA public TO beach_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO beach_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO beach_app;
-- dbmate's record of the migrations is the owner's.
REVOKE INSERT, UPDATE, DELETE ON schema_migrations FROM beach_app;

-- The ledger is read, never written directly: no INSERT, UPDATE, DELETE or TRUNCATE, so a balance
-- column is moved only by the postings' trigger inside ledger_post / ledger_resolve.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ledger_accounts, ledger_entries, ledger_postings FROM beach_app;
-- Writers lock the accounts they spend from (SELECT … FOR UPDATE), which needs UPDATE on one column:
-- `kind`, which the ledger_accounts_frozen trigger refuses to change anyway.
GRANT UPDATE (kind) ON ledger_accounts TO beach_app;

-- The posting functions run as their owner, with a search_path the caller cannot redirect; only the app
-- role (and the owner) may call them. Every version of them there is (by name: a merge may add one).
DO $$
DECLARE
  fn regprocedure;
BEGIN
  FOR fn IN SELECT p.oid::regprocedure FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.proname IN ('ledger_post', 'ledger_resolve') LOOP
    EXECUTE format('ALTER FUNCTION %s SECURITY DEFINER SET search_path = public, pg_temp', fn);
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', fn);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO beach_app', fn);
  END LOOP;
END $$;

-- What the owner makes later (tables of later migrations, the job queue's schema and its per-queue
-- partitions, made by pg-boss) is the app's to use; a later ledger table must revoke its writes as above.
ALTER DEFAULT PRIVILEGES GRANT USAGE ON SCHEMAS TO beach_app;
ALTER DEFAULT PRIVILEGES GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO beach_app;
ALTER DEFAULT PRIVILEGES GRANT USAGE, SELECT ON SEQUENCES TO beach_app;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') THEN
    GRANT USAGE ON SCHEMA pgboss TO beach_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO beach_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA pgboss TO beach_app;
  END IF;
END $$;

-- migrate:down

ALTER DEFAULT PRIVILEGES REVOKE USAGE ON SCHEMAS FROM beach_app;
ALTER DEFAULT PRIVILEGES REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM beach_app;
ALTER DEFAULT PRIVILEGES REVOKE USAGE, SELECT ON SEQUENCES FROM beach_app;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') THEN
    REVOKE ALL ON ALL TABLES IN SCHEMA pgboss FROM beach_app;
    REVOKE ALL ON ALL SEQUENCES IN SCHEMA pgboss FROM beach_app;
    REVOKE USAGE ON SCHEMA pgboss FROM beach_app;
  END IF;
END $$;
DO $$
DECLARE
  fn regprocedure;
BEGIN
  FOR fn IN SELECT p.oid::regprocedure FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.proname IN ('ledger_post', 'ledger_resolve') LOOP
    EXECUTE format('ALTER FUNCTION %s SECURITY INVOKER RESET search_path', fn);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO PUBLIC', fn);
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM beach_app', fn);
  END LOOP;
END $$;
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM beach_app;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM beach_app;
REVOKE USAGE ON SCHEMA public FROM beach_app;
-- The role stays: it is the server's, and other databases there may still grant it.
