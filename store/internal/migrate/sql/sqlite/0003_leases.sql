-- 0003 leases: which server process (node) plays the bots of a match, until
-- when (SQLite). One process serves an SQLite file, so SQLite never reads
-- this table; it exists so that a version means the same schema in both
-- dialects.

CREATE TABLE bot_leases (
    match_id TEXT    NOT NULL PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    node     TEXT    NOT NULL,
    expires  INTEGER NOT NULL                  -- Unix microseconds
) STRICT;

CREATE INDEX bot_leases_node ON bot_leases (node);
