-- 0002 public: a match is listed in the lobby only when its creator made it
-- public (SQLite). Matches stored before this migration stay unlisted.

ALTER TABLE matches ADD COLUMN public INTEGER NOT NULL DEFAULT 0 CHECK (public IN (0, 1));

CREATE INDEX matches_public_live ON matches (created DESC, id DESC) WHERE result IS NULL AND public = 1;
CREATE INDEX matches_public_finished ON matches (created DESC, id DESC) WHERE result IS NOT NULL AND public = 1;
