-- 0004 chat: the messages the seats of one side of a match send each other
-- (Postgres). seq numbers a match's messages from 1, across all its sides, in
-- the order they were stored; a side reads only its own.

CREATE TABLE chat (
    match_id text        NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      integer     NOT NULL CHECK (seq >= 1),  -- 1 for the match's first message
    side     text        NOT NULL,                   -- engine.SeatInfo.Side of the sender
    seat     integer     NOT NULL CHECK (seat >= 0), -- the sender's seat
    text     text        NOT NULL CHECK (text <> ''),
    sent     timestamptz NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE INDEX chat_side ON chat (match_id, side, seq);
