package sqlite

import (
	"context"
	"fmt"

	"scramble/store/internal/migrate"
)

// migrate applies the pending schema migrations in one write transaction, so
// two programs opening the same new file cannot both apply them.
func (s *Store) migrate(ctx context.Context) error {
	all, err := migrate.SQLite()
	if err != nil {
		return err
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER NOT NULL PRIMARY KEY,
		applied TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
	) STRICT`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	var current int
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&current); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	pending, err := migrate.Pending(all, current)
	if err != nil {
		return err
	}
	for _, m := range pending {
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return fmt.Errorf("migrate to version %d (%s): %w", m.Version, m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version) VALUES (?)", m.Version); err != nil {
			return fmt.Errorf("migrate to version %d (%s): %w", m.Version, m.Name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}
