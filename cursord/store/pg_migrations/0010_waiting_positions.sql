-- waiting positions: the append position of a request id with no stream yet

CREATE TABLE waiting_positions (
    request_id text PRIMARY KEY,
    position text NOT NULL,
    updated_at double precision NOT NULL
);
CREATE INDEX waiting_positions_by_age ON waiting_positions(updated_at);
