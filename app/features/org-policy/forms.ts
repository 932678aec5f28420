// The organisation policy's form fields (issue 29), validated with zod at the boundary: free text
// (a comment, a reason, a rule's name) is trimmed, bounded and refused when it holds control
// characters (line breaks are allowed in a comment), so nothing odd reaches a message or a page.
import { z } from "zod";

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the check
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the check
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export const freeText = (label: string, max: number, multiline = false) =>
  z
    .string()
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .refine((v) => Array.from(v).length <= max, `${label} can be at most ${max} characters.`)
    .refine((v) => !(multiline ? CONTROL : CONTROL_OR_BREAK).test(v), `${label} contains characters that cannot be shown (control characters). Remove them and try again.`);
