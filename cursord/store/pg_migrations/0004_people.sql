-- people: users, budgets, owners; the user and team of each pass

CREATE TABLE users (
    name text PRIMARY KEY,
    team text,
    token_hash bytea NOT NULL UNIQUE,
    created_at double precision NOT NULL
);
CREATE INDEX users_by_team ON users(team);

CREATE TABLE budgets (
    scope text NOT NULL CHECK (scope IN ('user', 'team')),
    name text NOT NULL,
    tokens_per_day bigint CHECK (tokens_per_day IS NULL OR tokens_per_day >= 0),
    cost_per_day_usd double precision CHECK (cost_per_day_usd IS NULL OR cost_per_day_usd >= 0),
    PRIMARY KEY (scope, name)
);

CREATE TABLE owners (
    kind text NOT NULL CHECK (kind IN ('conversation', 'request')),
    id text NOT NULL,
    user_name text NOT NULL,
    claimed_at double precision NOT NULL,
    PRIMARY KEY (kind, id)
);

ALTER TABLE passes ADD COLUMN user_name text;
ALTER TABLE passes ADD COLUMN team text;
CREATE INDEX passes_by_user ON passes(user_name, started_at);
CREATE INDEX passes_by_team ON passes(team, started_at);
