-- Issue 40 item 14: an organisation's audit log is read a page at a time (/admin/organisation/audit),
-- newest first, optionally for one app and by one person. audit_log_subject (0023) serves the
-- unfiltered page; these two let a filtered page read only its own rows, in order, instead of
-- walking every row of the organisation to find the ones that match. The app is inside the JSON
-- detail (`appId`), so its index is on the very expression the query filters by.
CREATE INDEX audit_log_subject_actor ON audit_log (subject, actor, id DESC);
CREATE INDEX audit_log_subject_app ON audit_log (subject, json_extract(detail, '$.appId'), id DESC);
