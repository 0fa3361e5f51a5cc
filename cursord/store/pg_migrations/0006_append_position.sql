-- stream journal: each stream's append position (cursord.core.AppendPosition as JSON)

ALTER TABLE journal_streams ADD COLUMN append_position text;
