-- usage ledger: reasoning tokens and cost per pass

ALTER TABLE passes ADD COLUMN reasoning_tokens bigint NOT NULL DEFAULT 0;
-- USD at the prices known when the pass ended; NULL: unknown (no price, or no usage reported)
ALTER TABLE passes ADD COLUMN cost_usd double precision;
CREATE INDEX passes_by_started ON passes(started_at);
