import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (docs/decisions/163-invoices-as-an-inspector-sees-them.md). The triggers of
// 20261126_120000_invoicing refuse UPDATE, DELETE and TRUNCATE of invoices and records (an
// `INSERT … ON CONFLICT DO UPDATE` fires the UPDATE trigger, so it is refused too), but the series
// counters and the chain's head could be set to anything. The same rules as on SQLite:
// - an INSERT whose key is taken is refused before conflict handling (no upsert of any kind);
// - a series counter moves by one, once the invoice of its last number exists, and an invoice
//   takes exactly the number its counter was just moved to (numbers stay 1..n, no gap);
// - a record goes at the chain's end, naming the head's huella, for an invoice that exists;
// - the chain's head and its witness (invoice_chain_witness) move one record at a time, to the
//   record just appended with its huella; `SET last_position = last_position` (the lock) passes;
// - counters, head and witness are never deleted or truncated.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE IF NOT EXISTS "invoice_chain_witness" (
  	"id" integer PRIMARY KEY NOT NULL,
  	"position" integer NOT NULL,
  	"huella" varchar,
  	"witnessed_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  INSERT INTO "invoice_chain_witness" ("id", "position", "huella")
    SELECT 1, "last_position", "last_record"::jsonb ->> 'huella' FROM "invoice_chain" WHERE "id" = 1
    ON CONFLICT DO NOTHING;

  CREATE OR REPLACE FUNCTION invoicing_guard_invoice_insert() RETURNS trigger AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM invoices WHERE id = NEW.id)
      OR EXISTS (SELECT 1 FROM invoices WHERE series_number = NEW.series_number)
      OR EXISTS (SELECT 1 FROM invoices WHERE series = NEW.series AND number = NEW.number) THEN
      RAISE EXCEPTION 'invoicing: INSERT over an existing invoice refused, invoices and their records are immutable';
    END IF;
    IF NEW.number IS DISTINCT FROM (SELECT last_number FROM invoice_series WHERE series = NEW.series) THEN
      RAISE EXCEPTION 'invoicing: an invoice takes the number its series counter was just moved to';
    END IF;
    RETURN NEW;
  END;
  $$ LANGUAGE plpgsql;
  DROP TRIGGER IF EXISTS "invoices_insert_guard" ON "invoices";
  CREATE TRIGGER "invoices_insert_guard" BEFORE INSERT ON "invoices" FOR EACH ROW EXECUTE FUNCTION invoicing_guard_invoice_insert();

  CREATE OR REPLACE FUNCTION invoicing_guard_record_insert() RETURNS trigger AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM invoice_records WHERE id = NEW.id)
      OR EXISTS (SELECT 1 FROM invoice_records WHERE position = NEW.position) THEN
      RAISE EXCEPTION 'invoicing: INSERT over an existing record refused, invoices and their records are immutable';
    END IF;
    IF NEW.position IS DISTINCT FROM (SELECT last_position + 1 FROM invoice_chain WHERE id = 1)
      OR NEW.previous_huella IS DISTINCT FROM (SELECT last_record::jsonb ->> 'huella' FROM invoice_chain WHERE id = 1) THEN
      RAISE EXCEPTION 'invoicing: a record goes at the end of the chain, naming its head';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM invoices WHERE id = NEW.invoice_id) THEN
      RAISE EXCEPTION 'invoicing: a record is of an existing invoice';
    END IF;
    RETURN NEW;
  END;
  $$ LANGUAGE plpgsql;
  DROP TRIGGER IF EXISTS "invoice_records_insert_guard" ON "invoice_records";
  CREATE TRIGGER "invoice_records_insert_guard" BEFORE INSERT ON "invoice_records" FOR EACH ROW EXECUTE FUNCTION invoicing_guard_record_insert();

  CREATE OR REPLACE FUNCTION invoicing_guard_series() RETURNS trigger AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      IF EXISTS (SELECT 1 FROM invoice_series WHERE series = NEW.series) THEN
        RAISE EXCEPTION 'invoicing: a series counter is never replaced, invoices and their numbers are immutable';
      END IF;
      IF NEW.last_number IS DISTINCT FROM 1 OR EXISTS (SELECT 1 FROM invoices WHERE series = NEW.series) THEN
        RAISE EXCEPTION 'invoicing: a new series counter starts at 1';
      END IF;
      RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' THEN
      IF NEW.series IS DISTINCT FROM OLD.series OR NEW.last_number IS DISTINCT FROM OLD.last_number + 1
        OR NOT EXISTS (SELECT 1 FROM invoices WHERE series = OLD.series AND number = OLD.last_number) THEN
        RAISE EXCEPTION 'invoicing: a series counter moves by one, after its last number was issued';
      END IF;
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'invoicing: % on invoice_series refused, invoices and their numbers are immutable', TG_OP;
  END;
  $$ LANGUAGE plpgsql;
  DROP TRIGGER IF EXISTS "invoice_series_guard" ON "invoice_series";
  CREATE TRIGGER "invoice_series_guard" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_series" FOR EACH ROW EXECUTE FUNCTION invoicing_guard_series();
  DROP TRIGGER IF EXISTS "invoice_series_not_truncated" ON "invoice_series";
  CREATE TRIGGER "invoice_series_not_truncated" BEFORE TRUNCATE ON "invoice_series" FOR EACH STATEMENT EXECUTE FUNCTION invoicing_guard_series();

  CREATE OR REPLACE FUNCTION invoicing_guard_chain() RETURNS trigger AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      IF EXISTS (SELECT 1 FROM invoice_chain) THEN
        RAISE EXCEPTION 'invoicing: the chain has one head, never replaced';
      END IF;
      RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' THEN
      IF NEW.id IS DISTINCT FROM OLD.id OR NEW.started_at IS DISTINCT FROM OLD.started_at OR NOT (
        (NEW.last_position = OLD.last_position AND NEW.last_record IS NOT DISTINCT FROM OLD.last_record)
        OR (NEW.last_position = OLD.last_position + 1 AND EXISTS (SELECT 1 FROM invoice_records r
          WHERE r.position = NEW.last_position AND r.huella = NEW.last_record::jsonb ->> 'huella'))) THEN
        RAISE EXCEPTION 'invoicing: the chain head moves only to the record just appended';
      END IF;
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'invoicing: % on invoice_chain refused', TG_OP;
  END;
  $$ LANGUAGE plpgsql;
  DROP TRIGGER IF EXISTS "invoice_chain_guard" ON "invoice_chain";
  CREATE TRIGGER "invoice_chain_guard" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_chain" FOR EACH ROW EXECUTE FUNCTION invoicing_guard_chain();
  DROP TRIGGER IF EXISTS "invoice_chain_not_truncated" ON "invoice_chain";
  CREATE TRIGGER "invoice_chain_not_truncated" BEFORE TRUNCATE ON "invoice_chain" FOR EACH STATEMENT EXECUTE FUNCTION invoicing_guard_chain();

  CREATE OR REPLACE FUNCTION invoicing_guard_witness() RETURNS trigger AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      IF EXISTS (SELECT 1 FROM invoice_chain_witness) THEN
        RAISE EXCEPTION 'invoicing: the chain witness is never replaced';
      END IF;
      RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' THEN
      IF NEW.id IS DISTINCT FROM OLD.id OR NEW.position IS DISTINCT FROM OLD.position + 1
        OR NOT EXISTS (SELECT 1 FROM invoice_records r WHERE r.position = NEW.position AND r.huella = NEW.huella) THEN
        RAISE EXCEPTION 'invoicing: the chain witness moves only to the record just appended';
      END IF;
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'invoicing: % on invoice_chain_witness refused', TG_OP;
  END;
  $$ LANGUAGE plpgsql;
  DROP TRIGGER IF EXISTS "invoice_chain_witness_guard" ON "invoice_chain_witness";
  CREATE TRIGGER "invoice_chain_witness_guard" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_chain_witness" FOR EACH ROW EXECUTE FUNCTION invoicing_guard_witness();
  DROP TRIGGER IF EXISTS "invoice_chain_witness_not_truncated" ON "invoice_chain_witness";
  CREATE TRIGGER "invoice_chain_witness_not_truncated" BEFORE TRUNCATE ON "invoice_chain_witness" FOR EACH STATEMENT EXECUTE FUNCTION invoicing_guard_witness();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "invoices_insert_guard" ON "invoices";
  DROP TRIGGER IF EXISTS "invoice_records_insert_guard" ON "invoice_records";
  DROP TRIGGER IF EXISTS "invoice_series_guard" ON "invoice_series";
  DROP TRIGGER IF EXISTS "invoice_series_not_truncated" ON "invoice_series";
  DROP TRIGGER IF EXISTS "invoice_chain_guard" ON "invoice_chain";
  DROP TRIGGER IF EXISTS "invoice_chain_not_truncated" ON "invoice_chain";
  DROP TABLE IF EXISTS "invoice_chain_witness";
  DROP FUNCTION IF EXISTS invoicing_guard_invoice_insert();
  DROP FUNCTION IF EXISTS invoicing_guard_record_insert();
  DROP FUNCTION IF EXISTS invoicing_guard_series();
  DROP FUNCTION IF EXISTS invoicing_guard_chain();
  DROP FUNCTION IF EXISTS invoicing_guard_witness();`)
}
