// Why a person reports an app (issue 15): the report form's choices and the moderation page's
// words for them. Browser-safe.
export const APP_REPORT_REASONS = ["malware", "misleading", "privacy", "broken", "impersonation", "other"] as const;
export type AppReportReason = (typeof APP_REPORT_REASONS)[number];
export const APP_REPORT_REASON_LABELS: Record<AppReportReason, string> = {
  malware: "It is malicious or harmful",
  misleading: "Its listing is misleading",
  privacy: "It mishandles data or privacy",
  broken: "It does not work",
  impersonation: "It impersonates someone else",
  other: "Something else",
};
