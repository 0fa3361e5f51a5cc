-- stream journal: streams, events, pending (the turn snapshot is a pending entry of kind 'turn')

CREATE TABLE journal_streams (
    request_id text PRIMARY KEY,
    conversation_id text,
    model text,
    state text NOT NULL CHECK (state IN ('active', 'ended')),
    ending text,
    created_at double precision NOT NULL,
    ended_at double precision
);
CREATE INDEX journal_streams_by_state ON journal_streams(state, ended_at);

CREATE TABLE journal_events (
    request_id text NOT NULL REFERENCES journal_streams(request_id) ON DELETE CASCADE,
    seq bigint NOT NULL,
    payload bytea NOT NULL,
    PRIMARY KEY (request_id, seq)
);

CREATE TABLE journal_pending (
    request_id text NOT NULL REFERENCES journal_streams(request_id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('exec', 'interaction', 'kv', 'turn')),
    id text NOT NULL,
    state text NOT NULL,
    PRIMARY KEY (request_id, kind, id)
);
