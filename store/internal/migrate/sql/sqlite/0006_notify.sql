-- 0006 notify: where each seat asks to be told that something needs it, and
-- the durable queue of notifications still to deliver (SQLite). A
-- notification is queued in the transaction of the move that causes it, and
-- removed once delivered or given up on.

CREATE TABLE notify_subs (
    match_id   TEXT    NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    webhook    TEXT    NOT NULL,
    preset     TEXT    NOT NULL,
    email      TEXT    NOT NULL,
    last_error TEXT    NOT NULL DEFAULT '',
    failed     INTEGER NOT NULL DEFAULT 0,          -- Unix microseconds; 0 for never
    PRIMARY KEY (match_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE notifications (
    id          INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    match_id    TEXT    NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    kind        TEXT    NOT NULL,
    text        TEXT    NOT NULL,
    created     INTEGER NOT NULL,                   -- Unix microseconds
    due         INTEGER NOT NULL,                   -- Unix microseconds
    attempts    INTEGER NOT NULL DEFAULT 0,
    last_error  TEXT    NOT NULL DEFAULT '',
    node        TEXT    NOT NULL DEFAULT '',        -- the node leasing it
    lease_until INTEGER NOT NULL DEFAULT 0          -- Unix microseconds
) STRICT;

CREATE INDEX notifications_due ON notifications (due, id);
