-- 0005 reserved: a version kept for another change made at the same time as
-- 0006; it changes nothing.

SELECT 1;
