package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"scramble/store/internal/migrate"
)

// migrate applies the pending schema migrations in one transaction. An
// advisory lock, one per schema, keeps two programs starting at once from
// both applying them.
func (s *Store) migrate(ctx context.Context) error {
	all, err := migrate.Postgres()
	if err != nil {
		return err
	}
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('scramble schema ' || COALESCE(current_schema(), '')))"); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version integer     NOT NULL PRIMARY KEY,
		applied timestamptz NOT NULL DEFAULT now()
	)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	var current int
	if err := tx.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&current); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	pending, err := migrate.Pending(all, current)
	if err != nil {
		return err
	}
	for _, m := range pending {
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("migrate to version %d (%s): %w", m.Version, m.Name, err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version) VALUES ($1)", m.Version); err != nil {
			return fmt.Errorf("migrate to version %d (%s): %w", m.Version, m.Name, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}
