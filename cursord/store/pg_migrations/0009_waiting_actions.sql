-- waiting actions: conversation actions queued or held for a later run

CREATE TABLE waiting_actions (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    holder text NOT NULL CHECK (holder IN ('conversation', 'request')),
    holder_id text NOT NULL,
    action bytea NOT NULL,
    queued_at double precision NOT NULL,
    taken_by text,
    origin text
);
CREATE INDEX waiting_actions_by_holder ON waiting_actions(holder, holder_id, seq);
CREATE INDEX waiting_actions_by_taker ON waiting_actions(taken_by);
CREATE UNIQUE INDEX waiting_actions_by_origin ON waiting_actions(origin) WHERE origin IS NOT NULL;
