-- 0002 public: a match is listed in the lobby only when its creator made it
-- public (Postgres). Matches stored before this migration stay unlisted.

ALTER TABLE matches ADD COLUMN public boolean NOT NULL DEFAULT false;

CREATE INDEX matches_public_live ON matches (created DESC, id DESC) WHERE result IS NULL AND public;
CREATE INDEX matches_public_finished ON matches (created DESC, id DESC) WHERE result IS NOT NULL AND public;
