// The shape of a PostgreSQL migration, like the sql.js one (server/lib/durable/durable-migrations.ts).

/** One schema change: `up` is SQL text (several statements allowed, no BEGIN/COMMIT). */
export interface PgMigration {
  id: number;
  name: string;
  up: string;
}
