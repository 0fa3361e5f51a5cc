-- forwarded: what the proxy sent to Cursor, per day and RPC

CREATE TABLE forwarded (
    day text NOT NULL,
    method text NOT NULL,
    carries_code integer,
    calls bigint NOT NULL,
    failed bigint NOT NULL,
    bytes_up bigint NOT NULL,
    bytes_down bigint NOT NULL,
    PRIMARY KEY (day, method)
);
