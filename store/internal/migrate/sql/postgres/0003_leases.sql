-- 0003 leases: which server process (node) plays the bots of a match, until
-- when (Postgres). A node renews its leases every few seconds; a lease whose
-- expiry has passed may be taken by another node.

CREATE TABLE bot_leases (
    match_id text        NOT NULL PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    node     text        NOT NULL,
    expires  timestamptz NOT NULL
);

CREATE INDEX bot_leases_node ON bot_leases (node);
