"""The export centre and scheduled reports (issue 17; docs/api-exports.md): export jobs run in the background by one
runner across server processes (a database lease), their files kept EXPORT_KEEP_DAYS days; a report's schedule
exports it for the period just ended and mails the file."""
