-- Migration number: 0028  An organisation admin's role is read when a request is sent, not copied
-- (docs/decisions/035, 047). The admin's platform tokens for App Hub, sealed (AES-GCM, a key of
-- their own; app/auth/kept-tokens.server.ts), written at login: before the updates bot sends a
-- request to an admin, the hub asks people/me with them whether the person is still a full
-- administrator of the organisation. NULL for rows from before: such an admin gets no messages
-- until their next login writes the tokens.
ALTER TABLE org_admins ADD COLUMN tokens TEXT;
