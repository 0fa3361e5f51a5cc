-- conversation titles: the editor's names for conversations (UpdateConversationMetadata)

CREATE TABLE conversation_titles (
    conversation_id text PRIMARY KEY,
    title text NOT NULL,
    updated_at double precision NOT NULL
);
