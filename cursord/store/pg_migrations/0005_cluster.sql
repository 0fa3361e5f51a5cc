-- cluster: a team gateway's nodes and their leases (which node runs which request id's stream)

CREATE TABLE nodes (
    node_id text PRIMARY KEY,
    address text NOT NULL,
    started_at double precision NOT NULL,
    heartbeat_at double precision NOT NULL,
    draining integer NOT NULL DEFAULT 0
);

CREATE TABLE leases (
    request_id text PRIMARY KEY,
    node_id text NOT NULL,
    expires_at double precision NOT NULL
);
CREATE INDEX leases_by_node ON leases(node_id);
