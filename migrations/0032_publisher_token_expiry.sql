-- Migration number: 0032  Publisher API tokens expire, and end with the member who made them
-- (issue 40 item 2; docs/decisions/025 "Expiry and members who leave").
--
-- expires_at: every token made from now on gets one (30, 90 or 365 days; 90 by default). Tokens made
-- before this migration keep NULL here, and the first Cron run after the deploy gives them 90 days
-- from that run (app/features/publisher-api/tokens.server.ts stampMissingExpiries): a migration has
-- no clock of its own that the tests' clock reaches (no SQL 'now' in migrations: decision 059), and
-- the Cron runs each minute.
--
-- member_email: the publisher member (publisher_members.email) who made the token in the console.
-- Removing that member revokes it in the same batch. NULL for a hub admin's token (made at
-- /admin/publisher-tokens): the hub team's, not a member's, it ends by its expiry or a revoke.
ALTER TABLE publisher_tokens ADD COLUMN expires_at TEXT;
ALTER TABLE publisher_tokens ADD COLUMN member_email TEXT;
CREATE INDEX publisher_tokens_member ON publisher_tokens (publisher_slug, member_email) WHERE member_email IS NOT NULL;

-- Older tokens whose maker had already been removed from the publisher (the hole issue 40 found) are
-- revoked as of that removal, the first one after the token was made: what the new rule would have
-- done then. A row keeps only its maker's e-mail, so a token is its maker's when that e-mail was
-- removed from the token's publisher; a removal before the token was made says nothing about it (a
-- hub admin may have made it later). Audited first, then revoked (the audit reads the rows still live).
INSERT INTO audit_log (at, actor, action, subject, detail)
  SELECT min(r.at), 'migration:0032', 'token.revoke', t.publisher_slug, json_object('prefix', t.prefix, 'reason', 'member.remove', 'member', lower(t.created_by))
  FROM audit_log r JOIN publisher_tokens t
    ON t.publisher_slug = r.subject AND lower(t.created_by) = json_extract(r.detail, '$.email') AND t.created_at < r.at
  WHERE r.action = 'member.remove' AND t.revoked_at IS NULL
  GROUP BY t.id
  ORDER BY t.id;
UPDATE publisher_tokens SET revoked_at = gone.at, member_email = lower(publisher_tokens.created_by)
  FROM (
    SELECT t.id AS id, min(r.at) AS at
    FROM audit_log r JOIN publisher_tokens t
      ON t.publisher_slug = r.subject AND lower(t.created_by) = json_extract(r.detail, '$.email') AND t.created_at < r.at
    WHERE r.action = 'member.remove' AND t.revoked_at IS NULL
    GROUP BY t.id
  ) AS gone
  WHERE publisher_tokens.id = gone.id;

-- Older tokens of a present member: the console recorded the member's e-mail as created_by. A token
-- a hub admin made who is also a member of that publisher is taken for theirs too (the row cannot
-- tell the two pages apart); removing them from the publisher ends it, as for one made in the console.
UPDATE publisher_tokens SET member_email = lower(created_by)
  WHERE member_email IS NULL AND EXISTS (
    SELECT 1 FROM publisher_members m WHERE m.publisher_slug = publisher_tokens.publisher_slug AND m.email = lower(publisher_tokens.created_by) AND m.state = 'active'
  );
