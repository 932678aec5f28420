// Security and compliance facts a publisher states about an app (issue 15): the vocabulary, the
// labels people read and the shape the catalogue returns. A fact the publisher did not give is
// null, and pages say 'Not provided' for it: a missing fact is never hidden.

export const CERTIFICATIONS = ["soc2-type-ii", "iso-27001", "hipaa", "gdpr-dpa", "fedramp"] as const;
export type Certification = (typeof CERTIFICATIONS)[number];
export const CERTIFICATION_LABELS: Record<Certification, string> = {
  "soc2-type-ii": "SOC 2 Type II",
  "iso-27001": "ISO 27001",
  hipaa: "HIPAA",
  "gdpr-dpa": "GDPR data processing agreement",
  fedramp: "FedRAMP",
};

export const DATA_REGIONS = ["us", "eu", "uk", "ca", "au", "jp", "in", "sg", "br"] as const;
export type DataRegion = (typeof DATA_REGIONS)[number];
export const DATA_REGION_LABELS: Record<DataRegion, string> = {
  us: "United States",
  eu: "European Union",
  uk: "United Kingdom",
  ca: "Canada",
  au: "Australia",
  jp: "Japan",
  in: "India",
  sg: "Singapore",
  br: "Brazil",
};

/**
 * What an app does with AI on message content, as one filterable value: none, AI that does not
 * train models on it, or AI that does. Null when the publisher did not say (or said only half).
 */
export const AI_USES = ["none", "no-training", "training"] as const;
export type AiUse = (typeof AI_USES)[number];
export const AI_USE_LABELS: Record<AiUse, string> = {
  none: "No AI on message content",
  "no-training": "AI, not used to train models",
  training: "AI, used to train models",
};

export type SubProcessor = { name: string; purpose: string; country: string | null };

export type SecurityFacts = {
  dataRegions: DataRegion[] | null;
  certifications: Certification[] | null;
  dataRetention: string | null;
  aiUsesMessageContent: boolean | null;
  aiTrainsModels: boolean | null;
  subProcessors: SubProcessor[] | null;
  /** An e-mail address or an https URL. */
  securityContact: string | null;
  /** When the publisher last confirmed these facts (ISO 8601). */
  confirmedAt: string | null;
};

export const NO_SECURITY_FACTS: SecurityFacts = {
  dataRegions: null,
  certifications: null,
  dataRetention: null,
  aiUsesMessageContent: null,
  aiTrainsModels: null,
  subProcessors: null,
  securityContact: null,
  confirmedAt: null,
};

export function aiUseOf(facts: Pick<SecurityFacts, "aiUsesMessageContent" | "aiTrainsModels">): AiUse | null {
  if (facts.aiUsesMessageContent === false) return "none";
  if (facts.aiUsesMessageContent === true && facts.aiTrainsModels !== null) return facts.aiTrainsModels ? "training" : "no-training";
  return null;
}

export const NOT_PROVIDED = "Not provided";
