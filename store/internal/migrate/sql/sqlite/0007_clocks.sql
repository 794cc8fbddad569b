-- 0007 clocks: the time control and clocks of a match that has one
-- (SQLite). clocks is the JSON of server.Clocks; next is when the server must
-- look at the match again (a warning or a deadline), NULL when no clock runs.

CREATE TABLE match_clocks (
    match_id TEXT    NOT NULL PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    clocks   TEXT    NOT NULL,
    next     INTEGER                               -- Unix microseconds
) STRICT;

CREATE INDEX match_clocks_next ON match_clocks (next) WHERE next IS NOT NULL;
