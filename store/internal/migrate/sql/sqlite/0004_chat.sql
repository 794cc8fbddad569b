-- 0004 chat: the messages the seats of one side of a match send each other
-- (SQLite). seq numbers a match's messages from 1, across all its sides, in
-- the order they were stored; a side reads only its own.

CREATE TABLE chat (
    match_id TEXT    NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 1),      -- 1 for the match's first message
    side     TEXT    NOT NULL,                       -- engine.SeatInfo.Side of the sender
    seat     INTEGER NOT NULL CHECK (seat >= 0),     -- the sender's seat
    text     TEXT    NOT NULL CHECK (text <> ''),
    sent     INTEGER NOT NULL,                       -- Unix microseconds
    PRIMARY KEY (match_id, seq)
) STRICT, WITHOUT ROWID;

CREATE INDEX chat_side ON chat (match_id, side, seq);
