-- conversations, turns, messages, summaries, passes, tool calls, checkpoints, blobs
-- SQLite's schema version 1 (cursord/store/schema.py), ported: REAL is double precision, INTEGER is bigint,
-- BLOB is bytea, an INTEGER PRIMARY KEY is a bigint identity; a table read in insertion order names its
-- identity column `rowid`, as SQLite's implicit one, so the queries stay the same.

CREATE TABLE conversations (
    conversation_id text PRIMARY KEY,
    created_at double precision NOT NULL,
    updated_at double precision NOT NULL,
    model text,
    summary text,
    summary_up_to_turn bigint,
    summary_created_at double precision
);

CREATE TABLE summary_archive (
    rowid bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    conversation_id text NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
    summary text NOT NULL,
    up_to_turn bigint NOT NULL,
    created_at double precision NOT NULL,
    archived_at double precision NOT NULL
);
CREATE INDEX summary_archive_by_conversation ON summary_archive(conversation_id);

CREATE TABLE turns (
    conversation_id text NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
    turn_seq bigint NOT NULL CHECK (turn_seq > 0),
    request_id text,
    status text NOT NULL CHECK (status IN ('completed', 'failed', 'canceled')),
    model text,
    error text,
    input_tokens bigint NOT NULL DEFAULT 0,
    output_tokens bigint NOT NULL DEFAULT 0,
    cache_read_tokens bigint NOT NULL DEFAULT 0,
    cache_write_tokens bigint NOT NULL DEFAULT 0,
    started_at double precision,
    committed_at double precision NOT NULL,
    PRIMARY KEY (conversation_id, turn_seq)
);

CREATE TABLE messages (
    conversation_id text NOT NULL,
    turn_seq bigint NOT NULL,
    position bigint NOT NULL,
    role text NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
    parts text NOT NULL,
    PRIMARY KEY (conversation_id, turn_seq, position),
    FOREIGN KEY (conversation_id, turn_seq) REFERENCES turns(conversation_id, turn_seq) ON DELETE CASCADE
);

CREATE TABLE passes (
    pass_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    model_call_id text NOT NULL,
    request_id text NOT NULL,
    conversation_id text,
    turn_seq bigint,
    model text NOT NULL,
    provider text,
    status text NOT NULL CHECK (status IN ('completed', 'failed', 'canceled')),
    stop_reason text,
    error text,
    input_tokens bigint NOT NULL DEFAULT 0,
    output_tokens bigint NOT NULL DEFAULT 0,
    cache_read_tokens bigint NOT NULL DEFAULT 0,
    cache_write_tokens bigint NOT NULL DEFAULT 0,
    started_at double precision NOT NULL,
    first_token_ms bigint,
    duration_ms bigint NOT NULL
);
CREATE INDEX passes_by_request ON passes(request_id);
CREATE INDEX passes_by_turn ON passes(conversation_id, turn_seq);

CREATE TABLE tool_calls (
    call_row bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tool_call_id text NOT NULL,
    request_id text NOT NULL,
    conversation_id text,
    turn_seq bigint,
    model_call_id text,
    name text NOT NULL,
    arguments text NOT NULL,
    exec_seq bigint,
    exec_id text,
    result text,
    is_error smallint NOT NULL DEFAULT 0 CHECK (is_error IN (0, 1)),
    started_at double precision NOT NULL,
    duration_ms bigint
);
CREATE INDEX tool_calls_by_id ON tool_calls(tool_call_id);
CREATE INDEX tool_calls_by_request ON tool_calls(request_id);
CREATE INDEX tool_calls_by_turn ON tool_calls(conversation_id, turn_seq);

CREATE TABLE checkpoints (
    conversation_id text NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
    turn_seq bigint NOT NULL,
    state bytea NOT NULL,
    created_at double precision NOT NULL,
    PRIMARY KEY (conversation_id, turn_seq)
);

CREATE TABLE blobs (
    rowid bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    blob_id bytea PRIMARY KEY,
    data bytea NOT NULL,
    created_at double precision NOT NULL,
    stored_by_editor smallint NOT NULL DEFAULT 0 CHECK (stored_by_editor IN (0, 1)),
    last_error text,
    attempts bigint NOT NULL DEFAULT 0,
    stored_at double precision
);

CREATE TABLE blob_refs (
    conversation_id text NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
    blob_id bytea NOT NULL REFERENCES blobs(blob_id) ON DELETE CASCADE,
    created_at double precision NOT NULL,
    PRIMARY KEY (conversation_id, blob_id)
);
CREATE INDEX blob_refs_by_blob ON blob_refs(blob_id);
