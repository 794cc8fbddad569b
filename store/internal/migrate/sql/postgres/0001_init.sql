-- 0001 init: matches, their seats and their moves (Postgres).
--
-- The seed is a uint64 stored as the signed 64-bit integer with the same bits
-- (seeds of 2^63 and above read negative here; the store converts back).

CREATE TABLE matches (
    id             text        NOT NULL PRIMARY KEY,
    game           text        NOT NULL,
    options        jsonb       NOT NULL,             -- option name -> value
    seed           bigint      NOT NULL,             -- uint64 bits as int64
    spectator_hash text        NOT NULL,
    created        timestamptz NOT NULL,
    updated        timestamptz NOT NULL,
    version        integer     NOT NULL CHECK (version >= 0),
    dice           text        NOT NULL,             -- dice position after the last move
    result         jsonb                             -- engine.Result; NULL while live
);

CREATE INDEX matches_live ON matches (created DESC, id DESC) WHERE result IS NULL;
CREATE INDEX matches_finished ON matches (created DESC, id DESC) WHERE result IS NOT NULL;

CREATE TABLE seats (
    match_id   text    NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       integer NOT NULL CHECK (seat >= 0),
    kind       text    NOT NULL CHECK (kind <> ''),
    bot        text    NOT NULL,
    token_hash text    NOT NULL,
    claimed    boolean NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE moves (
    match_id text    NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      integer NOT NULL CHECK (seq >= 1),      -- 1 for the first move
    seat     integer NOT NULL,                       -- engine.Seat; -1 is chance
    action   text    NOT NULL,                       -- the action's text form
    PRIMARY KEY (match_id, seq)
);
