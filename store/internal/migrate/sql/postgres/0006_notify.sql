-- 0006 notify: where each seat asks to be told that something needs it, and
-- the durable queue of notifications still to deliver (Postgres). A
-- notification is queued in the transaction of the move that causes it, and
-- removed once delivered or given up on; nodes claim them with
-- FOR UPDATE SKIP LOCKED and a lease.

CREATE TABLE notify_subs (
    match_id   text        NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       integer     NOT NULL CHECK (seat >= 0),
    webhook    text        NOT NULL,
    preset     text        NOT NULL,
    email      text        NOT NULL,
    last_error text        NOT NULL DEFAULT '',
    failed     timestamptz,
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE notifications (
    id          bigserial   PRIMARY KEY,
    match_id    text        NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        integer     NOT NULL CHECK (seat >= 0),
    kind        text        NOT NULL,
    text        text        NOT NULL,
    created     timestamptz NOT NULL,
    due         timestamptz NOT NULL,
    attempts    integer     NOT NULL DEFAULT 0,
    last_error  text        NOT NULL DEFAULT '',
    node        text        NOT NULL DEFAULT '',
    lease_until timestamptz NOT NULL DEFAULT '-infinity'
);

CREATE INDEX notifications_due ON notifications (due, id);
