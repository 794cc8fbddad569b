-- 0001 init: matches, their seats and their moves (SQLite).
--
-- Times are Unix microseconds (UTC), the precision Postgres keeps, so both
-- stores give back the same values. The seed is a uint64 stored as the signed
-- 64-bit integer with the same bits (seeds of 2^63 and above read negative
-- here; the store converts back).

CREATE TABLE matches (
    id             TEXT    NOT NULL PRIMARY KEY,
    game           TEXT    NOT NULL,
    options        TEXT    NOT NULL,                 -- JSON object: option name -> value
    seed           INTEGER NOT NULL,                 -- uint64 bits as int64
    spectator_hash TEXT    NOT NULL,
    created        INTEGER NOT NULL,                 -- Unix microseconds
    updated        INTEGER NOT NULL,                 -- Unix microseconds
    version        INTEGER NOT NULL CHECK (version >= 0),
    dice           TEXT    NOT NULL,                 -- dice position after the last move
    result         TEXT                              -- JSON engine.Result; NULL while live
) STRICT;

CREATE INDEX matches_live ON matches (created DESC, id DESC) WHERE result IS NULL;
CREATE INDEX matches_finished ON matches (created DESC, id DESC) WHERE result IS NOT NULL;

CREATE TABLE seats (
    match_id   TEXT    NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    kind       TEXT    NOT NULL CHECK (kind <> ''),
    bot        TEXT    NOT NULL,
    token_hash TEXT    NOT NULL,
    claimed    INTEGER NOT NULL CHECK (claimed IN (0, 1)),
    PRIMARY KEY (match_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE moves (
    match_id TEXT    NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 1),      -- 1 for the first move
    seat     INTEGER NOT NULL,                       -- engine.Seat; -1 is chance
    action   TEXT    NOT NULL,                       -- the action's text form
    PRIMARY KEY (match_id, seq)
) STRICT, WITHOUT ROWID;
