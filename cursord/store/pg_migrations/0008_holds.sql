-- holds: passes in flight against a team gateway's budgets, at their estimated size, until recorded

CREATE TABLE pass_holds (
    model_call_id text PRIMARY KEY,
    user_name text NOT NULL,
    team text,
    tokens bigint NOT NULL,
    cost_usd double precision NOT NULL,
    held_at double precision NOT NULL
);
CREATE INDEX pass_holds_by_user ON pass_holds(user_name);
CREATE INDEX pass_holds_by_team ON pass_holds(team);
