// Deterministic generator for the seeded catalogue (`npm run db:seed`, tests and the benchmark).
// Same { apps, seed } → byte-identical output: an own PRNG (mulberry32), fixed base dates, no
// Math.random or Date.now. Records are generated one after another from one random stream and
// nothing depends on the total, so the first N apps of a big catalogue equal a catalogue of N.
import { buildPublishers, deprecateNext, EarlierApps, trustFor } from "./trust-generator.ts";
import type { AppRecord, CatalogueFile, CategoryRecord, PublisherRecord } from "../../app/models/catalogue-record.ts";
import { publisherSlugFromName } from "../../app/models/catalogue-record.ts";
import type { AppContext, AppType, CategoryType, Collection, ProductType } from "../../app/models/enums.ts";
import { APP_CONTEXTS, OTHER_CATEGORY_API_ID, PARTNER_CATEGORY_API_ID, PRODUCT_TYPE_LABELS } from "../../app/models/enums.ts";

export type GenerateOptions = {
  apps: number;
  seed: number;
  /** Where the few http:// logos point: the local server that serves /logos (default :8787). */
  httpLogoOrigin?: string;
  /**
   * The platform emulator's origin (e.g. http://127.0.0.1:8788): integrations that have a connect
   * URL point at its demo vendor (`/vendors/<clientId>/start`) instead of an invented vendor site,
   * so Connect works end to end locally. Unset: realistic vendor URLs (which do not exist).
   */
  vendorOrigin?: string;
};

/**
 * An integration's connect URL (the vendor's own start page; `{return_url}` is where the vendor
 * sends the person back). Chosen from the client id, not the random stream, so adding it changed
 * no other field of any record. About one integration in eight has none (connected from the
 * vendor's website only).
 */
export function connectUrlFor(clientId: string, company: { domain: string }, slug: string, vendorOrigin?: string): string | null {
  const pick = parseInt(clientId.slice(1, 3), 16);
  if (pick % 8 === 0) return null;
  if (vendorOrigin) return demoVendorConnectUrl(vendorOrigin, clientId);
  switch (pick % 3) {
    case 0:
      return `https://app.${company.domain}/integrations/lumen/connect?return_to={return_url}`;
    case 1:
      return `https://www.${company.domain}/${slug}/install?redirect_uri={return_url}`;
    default:
      return `https://${company.domain}/oauth/lumen/start`;
  }
}

/** The emulator's demo vendor start page for a catalogue integration (its contract, issue 13). */
export const demoVendorConnectUrl = (vendorOrigin: string, clientId: string) => `${vendorOrigin}/vendors/${clientId}/start?return_to={return_url}`;

/** A catalogue whose integrations with a connect URL start at the emulator's demo vendor instead. */
export function withDemoVendorConnectUrls(catalogue: CatalogueFile, vendorOrigin: string): CatalogueFile {
  return {
    ...catalogue,
    apps: catalogue.apps.map((app) => (app.connectUrl && app.clientId ? { ...app, connectUrl: demoVendorConnectUrl(vendorOrigin, app.clientId) } : app)),
  };
}

type Theme = {
  /** Category display name; the apiId and slug are derived from it. */
  name: string;
  /** Category types (product areas) this category exists for. */
  types: readonly CategoryType[];
  /** Name cores that suit the theme, e.g. "Notes" in "Nimbus Notes". */
  cores: readonly string[];
  /** One-sentence taglines (without the final full stop). */
  taglines: readonly string[];
  /** What the app helps with: "helps teams <phrase>". */
  phrases: readonly string[];
  /** Theme paragraph sentences; a few are picked per app. */
  sentences: readonly string[];
  /** "Key features" bullets. */
  features: readonly string[];
};

const ALL: readonly CategoryType[] = ["teams", "meetings", "calling", "contact_center", "rooms"];

// ---------------------------------------------------------------------------------------------
// Text material
// ---------------------------------------------------------------------------------------------

const THEMES: readonly Theme[] = [
  {
    name: "Productivity",
    types: ALL,
    cores: ["Tasks", "Focus", "Desk", "Agenda", "Inbox", "Notes", "Planner", "Checklist"],
    taglines: ["Keep your to-dos, notes and reminders in one place", "Get more done with fewer tabs open", "Turn conversations into clear next steps"],
    phrases: ["turn busy conversations into clear next steps", "keep to-dos, reminders and notes next to the work", "cut down on context switching"],
    sentences: [
      "Pin the three things that matter today and let everything else wait; reminders arrive where you already work.",
      "Tasks created from a message keep a link back to it, so nobody has to ask where a request came from.",
      "A weekly digest shows what was finished, what slipped and what is coming up next.",
      "Everything syncs across desktop, mobile and the web, so a list started in a meeting is still there on the train home.",
    ],
    features: [
      "Create tasks from any message",
      "Daily and weekly digests",
      "Smart reminders that respect working hours",
      "Shared lists for the whole team",
      "Keyboard shortcuts for everything",
    ],
  },
  {
    name: "Sales & Marketing",
    types: ["teams", "meetings", "contact_center", "calling"],
    cores: ["Pipeline", "Leads", "Deals", "Campaign", "Funnel", "Prospect", "Reach"],
    taglines: ["Close deals faster with your pipeline beside every conversation", "Share campaign results with the whole team", "Track leads from first call to signed contract"],
    phrases: ["keep the sales pipeline beside every customer conversation", "share campaign results without exporting spreadsheets", "follow up on leads before they go cold"],
    sentences: [
      "Deal updates post to the right space automatically, so account teams see changes as they happen.",
      "Call notes and meeting summaries attach to the opportunity without any copy and paste.",
      "Campaign dashboards refresh hourly; share a snapshot with a single command.",
      "Forecasts roll up by region, product line and quarter, and every number links back to the underlying deals.",
    ],
    features: ["Deal alerts in spaces", "Log calls and meetings to the CRM", "Campaign performance snapshots", "Lead assignment rules", "Pipeline forecasts by quarter"],
  },
  {
    name: "Developer Tools",
    types: ["teams", "meetings"],
    cores: ["Commit", "Deploy", "Build", "Merge", "Stack", "Lint", "Release", "Review"],
    taglines: [
      "Ship code with builds, reviews and releases posted to your space",
      "Bring pull requests and deployments into the conversation",
      "Stay on top of incidents, builds and reviews",
    ],
    phrases: ["follow builds, reviews and deployments without leaving the conversation", "triage failing builds together", "keep releases moving"],
    sentences: [
      "Subscribe a space to a repository, a branch or a single pipeline and choose exactly which events post.",
      "Failing builds show the first broken step and the commit that caused it; one click re-runs the job.",
      "Review requests arrive as cards with the diff summary, so small changes can be approved in seconds.",
      "Release notes are drafted from merged changes and can be edited before they are posted.",
    ],
    features: [
      "Build and deployment notifications",
      "Pull request cards with approve and comment actions",
      "Per-branch subscriptions",
      "Release note drafts",
      "Slash commands for common tasks",
    ],
  },
  {
    name: "Project Management",
    types: ["teams", "meetings"],
    cores: ["Board", "Roadmap", "Sprint", "Milestone", "Timeline", "Kanban", "Tracker"],
    taglines: ["Plan sprints and track milestones with your team", "See every project's status at a glance", "Move work forward from the conversation"],
    phrases: ["plan sprints and track milestones", "see every project's status at a glance", "keep stakeholders informed without status meetings"],
    sentences: [
      "Boards, timelines and workload views share the same data, so each person can plan in the way that suits them.",
      "Status changes and due-date reminders post to the project space, and anyone can update a card inline.",
      "Stakeholders get a plain-language summary every Friday instead of another status meeting.",
      "Dependencies are drawn on the timeline, and a slipped date shows which later milestones are at risk.",
    ],
    features: ["Kanban boards and timelines", "Due-date reminders", "Weekly stakeholder summaries", "Dependencies and critical path", "Templates for common projects"],
  },
  {
    name: "Customer Support",
    types: ["teams", "contact_center", "calling"],
    cores: ["Helpdesk", "Tickets", "Care", "Assist", "Resolve", "Service", "Answers"],
    taglines: [
      "Resolve customer tickets together in real time",
      "Escalate support cases to the right experts instantly",
      "Give agents the full customer history during every call",
    ],
    phrases: ["resolve customer tickets together", "escalate tricky cases to the right experts", "give agents the full customer history"],
    sentences: [
      "Every new ticket can open a swarm space with the right experts already invited.",
      "Agents see the customer's recent orders, open cases and satisfaction scores as soon as a call connects.",
      "Macros and suggested answers cut handling time without making replies sound robotic.",
      "Service-level timers turn amber and then red, so nothing waits longer than the contract allows.",
    ],
    features: ["Ticket swarming spaces", "Customer history on screen pop", "Suggested answers", "SLA timers and escalations", "Satisfaction surveys after resolution"],
  },
  {
    name: "Education",
    types: ["teams", "meetings", "rooms"],
    cores: ["Classroom", "Lessons", "Campus", "Tutor", "Study", "Lecture", "Quiz"],
    taglines: ["Run engaging lessons for students in the room and at home", "Share course material and track attendance", "Bring your learning platform into every class"],
    phrases: ["run engaging lessons for students in the room and at home", "share course material and track attendance", "keep remote learners involved"],
    sentences: [
      "Teachers start a class from the timetable, and attendance is recorded as students join.",
      "Quizzes, hand-raising and breakout tasks work the same for students on campus and at home.",
      "Recordings and slides are filed under the right course automatically after each lesson.",
      "Grades and feedback sync with the learning platform the school already uses.",
    ],
    features: ["Automatic attendance", "In-class quizzes", "Course material sharing", "Learning-platform sync", "Office hours booking"],
  },
  {
    name: "Healthcare",
    types: ["teams", "meetings", "calling", "rooms"],
    cores: ["Clinic", "Vitals", "Care Team", "Triage", "Rounds", "Telehealth"],
    taglines: ["Run secure virtual visits with patients and care teams", "Coordinate care teams across wards and clinics", "Bring telehealth visits into your clinical workflow"],
    phrases: ["run secure virtual visits", "coordinate care teams across wards and clinics", "bring telehealth into the clinical workflow"],
    sentences: [
      "Patients join visits from a text message link, with no account and no download required.",
      "Care teams get a shared space per patient pathway, with access limited to the people on the rota.",
      "Visit summaries are written back to the electronic health record when the consultation ends.",
      "Interpreters can be added to a visit in a few seconds from a directory of on-call language services.",
    ],
    features: ["Browser-based patient visits", "Virtual waiting room", "EHR write-back", "On-call interpreter directory", "Audit logging for compliance"],
  },
  {
    name: "Finance",
    types: ["teams", "meetings", "contact_center"],
    cores: ["Ledger", "Expense", "Invoice", "Budget", "Payroll", "Audit"],
    taglines: [
      "Approve expenses and invoices without leaving your workspace",
      "Keep budgets and spend visible to the people who own them",
      "Close the books faster with fewer follow-up emails",
    ],
    phrases: ["approve expenses and invoices where the team already talks", "keep budgets visible to their owners", "close the books faster"],
    sentences: [
      "Approvers get a card with the receipt, the policy check and one-click approve or reject.",
      "Budget owners see spend against plan each week and are warned before a cost centre runs over.",
      "Month-end checklists post to the finance space with owners and due dates for every step.",
      "Every approval is recorded with who, when and why, which keeps auditors happy.",
    ],
    features: ["One-click expense approvals", "Budget alerts", "Month-end close checklists", "Multi-currency support", "Full audit trail"],
  },
  {
    name: "HR & Recruiting",
    types: ["teams", "meetings"],
    cores: ["Hire", "Talent", "Onboard", "Interview", "People", "Roster"],
    taglines: [
      "Schedule interviews and collect feedback in one place",
      "Welcome new starters with a guided onboarding plan",
      "Keep hiring teams aligned from first screen to offer",
    ],
    phrases: ["schedule interviews and collect structured feedback", "welcome new starters with a guided plan", "keep hiring teams aligned"],
    sentences: [
      "Interview panels get a private space per candidate with the CV, scorecards and the schedule.",
      "Feedback reminders go out an hour after each interview, so decisions are not held up for days.",
      "New starters receive a day-by-day onboarding plan with the people they should meet.",
      "Time-off requests and approvals happen in a direct message, with the team calendar updated automatically.",
    ],
    features: ["Interview scheduling", "Structured scorecards", "Onboarding plans", "Time-off requests", "Anonymous pulse surveys"],
  },
  {
    name: "Analytics",
    types: ALL,
    cores: ["Insights", "Metrics", "Dashboard", "Signals", "Trends", "Lens", "Report"],
    taglines: [
      "Share live dashboards and ask questions about your data",
      "Get the numbers that matter delivered every morning",
      "Understand how your teams meet, call and collaborate",
    ],
    phrases: ["share live dashboards and answer questions about the data", "get the key numbers delivered every morning", "understand how teams meet, call and collaborate"],
    sentences: [
      "Ask a question in plain language and get a chart back in the conversation.",
      "Scheduled snapshots post the metrics that matter each morning, with the change since yesterday.",
      "Anomaly alerts explain which dimension moved, so the first question is already answered.",
      "Usage reports cover meeting quality, call volumes and adoption by site and department.",
    ],
    features: ["Natural-language questions", "Scheduled dashboard snapshots", "Anomaly alerts", "Usage and quality reports", "CSV and PDF export"],
  },
  {
    name: "Security & Compliance",
    types: ["teams", "meetings", "calling", "contact_center"],
    cores: ["Guard", "Shield", "Vault", "Sentinel", "Comply", "Archive", "Policy"],
    taglines: ["Keep sensitive data safe across messages, files and meetings", "Archive and search communications for compliance", "Detect and stop data leaks before they happen"],
    phrases: ["keep sensitive data safe across messages, files and meetings", "archive communications for compliance", "detect data leaks before they happen"],
    sentences: [
      "Policies scan messages and files for card numbers, health data and source code before they leave the organisation.",
      "Retention rules archive conversations to tamper-evident storage for as long as regulators require.",
      "Legal holds and eDiscovery searches run across messages, files, meetings and call recordings.",
      "Security teams get alerts with the context they need and can quarantine content in one step.",
    ],
    features: ["Data loss prevention policies", "Retention and legal hold", "eDiscovery search", "Quarantine and alerts", "Certified data residency options"],
  },
  {
    name: "Social & Fun",
    types: ["teams", "meetings"],
    cores: ["Trivia", "Kudos", "Icebreaker", "Party", "Games", "Cheers", "Shoutout"],
    taglines: ["Break the ice with quick games and team trivia", "Celebrate wins and say thanks in public", "Bring some fun to your team's day"],
    phrases: ["break the ice with quick games and trivia", "celebrate wins and say thanks in public", "bring some fun to the working day"],
    sentences: [
      "Start a five-minute trivia round at the beginning of a meeting and watch the leaderboard fill up.",
      "Kudos posts are visible to the whole team and roll up into a monthly thank-you digest.",
      "Icebreaker questions are tuned for work: light, inclusive and never awkward.",
      "Remote and office colleagues play on equal terms, from any device.",
    ],
    features: ["Team trivia with leaderboards", "Public kudos", "Icebreaker questions", "Birthday and anniversary reminders", "Custom reactions and GIFs"],
  },
  {
    name: "File Sharing",
    types: ["teams", "meetings"],
    cores: ["Drive", "Files", "Share", "Folder", "Sync", "Docs", "Cloud"],
    taglines: ["Share and co-edit files from your cloud storage", "Find the right version of every document, fast", "Send large files securely to anyone"],
    phrases: ["share and co-edit files from cloud storage", "always find the right version of a document", "send large files securely"],
    sentences: [
      "Link a folder to a space and new files appear in the conversation as soon as they are added.",
      "Previews open inline, and edits made by anyone are saved as a new version with a clear history.",
      "External guests get expiring links with optional passwords and download limits.",
      "Search covers file names and contents, including scanned PDFs.",
    ],
    features: ["Folder-to-space linking", "Inline previews and co-editing", "Version history", "Expiring guest links", "Full-text search"],
  },
  {
    name: "Scheduling",
    types: ["teams", "meetings", "rooms", "calling"],
    cores: ["Calendar", "Booker", "Slots", "Rota", "Agenda", "Timeslot"],
    taglines: ["Find a time that works for everyone in seconds", "Book rooms, desks and meetings from one place", "Share a booking page and let others pick a slot"],
    phrases: ["find a time that works for everyone", "book rooms, desks and meetings from one place", "let customers pick a slot"],
    sentences: [
      "Suggested times respect working hours and time zones, and avoid back-to-back days.",
      "Room panels show what is booked and release rooms automatically when nobody turns up.",
      "Public booking pages add the meeting link and send reminders without any manual steps.",
      "Shift rotas are published to the team space, and swaps need just one approval.",
    ],
    features: ["Time-zone aware suggestions", "Room and desk booking", "Public booking pages", "Automatic no-show release", "Rota and shift swaps"],
  },
  {
    name: "Whiteboarding",
    types: ["meetings", "rooms", "teams"],
    cores: ["Canvas", "Sketch", "Board", "Ink", "Sticky", "Diagram"],
    taglines: ["Brainstorm together on an infinite canvas", "Sketch, diagram and plan in real time", "Turn sticky notes into plans"],
    phrases: ["brainstorm together on an infinite canvas", "sketch and diagram in real time", "turn sticky notes into plans"],
    sentences: [
      "Everyone in the meeting can draw, add sticky notes and vote, from a laptop, a tablet or a room board.",
      "Templates for retrospectives, journey maps and planning sessions get a workshop started in seconds.",
      "Boards stay in the space after the meeting, so the work continues between sessions.",
      "Sticky notes can be grouped automatically and exported as tasks.",
    ],
    features: ["Infinite canvas", "Workshop templates", "Voting and timers", "Touch and pen support on room devices", "Export to PDF and tasks"],
  },
  {
    name: "Transcription & Notes",
    types: ["meetings", "calling", "rooms", "contact_center", "teams"],
    cores: ["Scribe", "Transcript", "Recap", "Minutes", "Captions", "Notes"],
    taglines: ["Get accurate transcripts and action items from every meeting", "Capture meeting minutes automatically", "Live captions and searchable notes for every call"],
    phrases: ["capture accurate transcripts and action items", "write meeting minutes automatically", "make every call searchable"],
    sentences: [
      "Transcripts are speaker-labelled and searchable minutes after the meeting ends.",
      "Action items and decisions are pulled out automatically and sent to the owners.",
      "Live captions are available in more than thirty languages.",
      "Summaries can be edited before they are shared, and sensitive sections can be redacted.",
    ],
    features: ["Speaker-labelled transcripts", "Automatic action items", "Live captions in 30+ languages", "Editable summaries", "Redaction controls"],
  },
  {
    name: "Polling & Surveys",
    types: ["teams", "meetings"],
    cores: ["Poll", "Survey", "Vote", "Pulse", "Feedback", "Quiz"],
    taglines: ["Run quick polls and surveys without leaving the conversation", "Collect feedback from everyone in the meeting", "Make decisions faster with instant votes"],
    phrases: ["run quick polls and surveys", "collect feedback from everyone in the meeting", "make decisions faster"],
    sentences: [
      "Create a poll in one line, and results update live as people vote.",
      "Anonymous mode encourages honest answers in retrospectives and pulse checks.",
      "Survey results can be exported or shared as a chart in the space.",
      "Recurring pulse surveys track how team sentiment changes over time.",
    ],
    features: ["One-line polls", "Anonymous voting", "Live results", "Recurring pulse surveys", "Export to CSV"],
  },
  {
    name: "Workflow Automation",
    types: ["teams", "meetings", "calling", "contact_center"],
    cores: ["Flow", "Relay", "Zap", "Pipeline", "Trigger", "Bridge", "Router"],
    taglines: ["Automate repetitive work across the tools your team uses", "Connect your apps and trigger workflows from messages", "Build automations without writing code"],
    phrases: ["automate repetitive work across tools", "trigger workflows from messages and meetings", "build automations without writing code"],
    sentences: [
      "Pick a trigger, such as a new message, a missed call or a form submission, and chain actions across hundreds of services.",
      "Approvals, notifications and data entry happen automatically, with a run history for every flow.",
      "Templates cover the most common recipes, and anything else can be built with a visual editor.",
      "Failed runs are retried with back-off, and owners are notified if a flow needs attention.",
    ],
    features: ["Visual flow editor", "Hundreds of connectors", "Message and meeting triggers", "Run history and retries", "Ready-made templates"],
  },
  {
    name: "IT Service Management",
    types: ["teams", "calling", "rooms"],
    cores: ["Service Desk", "Incident", "Ops", "Asset", "Status", "Change"],
    taglines: ["Raise, track and resolve IT incidents in your workspace", "Keep devices, rooms and services healthy", "Give employees instant IT help"],
    phrases: ["raise, track and resolve IT incidents", "keep devices, rooms and services healthy", "give employees instant IT help"],
    sentences: [
      "Employees raise requests in a direct message and get updates there until the ticket is closed.",
      "Major incidents open a bridge space with the on-call engineers and a live status page.",
      "Room devices report health and usage, and faults create tickets before users notice them.",
      "Change approvals happen in the conversation, with a full record in the service desk.",
    ],
    features: ["Chat-based service requests", "Major incident bridges", "Device health monitoring", "Change approvals", "Knowledge base answers"],
  },
  {
    name: "CRM",
    types: ["teams", "calling", "contact_center"],
    cores: ["Contacts", "Accounts", "Customer", "Relate", "Client"],
    taglines: ["See customer records on every call and message", "Log calls and meetings to your CRM automatically", "Keep account teams in sync"],
    phrases: ["see customer records on every call and message", "log calls and meetings automatically", "keep account teams in sync"],
    sentences: [
      "Incoming calls pop the matching contact, with recent activity and open opportunities.",
      "Calls, meetings and notes are logged to the right record with no manual entry.",
      "Click to call from any record and the call is logged when it ends.",
      "Account spaces keep everyone who works with a customer on the same page.",
    ],
    features: ["Screen pop on incoming calls", "Automatic activity logging", "Click to call", "Account spaces", "Two-way contact sync"],
  },
  {
    name: "Workforce Optimization",
    types: ["contact_center", "calling"],
    cores: ["Workforce", "Forecast", "Coach", "Quality", "Shift"],
    taglines: ["Forecast demand and schedule agents with confidence", "Coach agents with quality scores and call recordings", "Balance service levels and agent wellbeing"],
    phrases: ["forecast demand and schedule agents", "coach agents with quality scores", "balance service levels and wellbeing"],
    sentences: [
      "Forecasts use historical volumes, seasonality and campaign plans to predict demand by interval.",
      "Schedules respect skills, contracts and preferences, and agents can trade shifts themselves.",
      "Quality evaluations link to the recording and transcript of each interaction.",
      "Real-time adherence shows supervisors where the plan and reality diverge.",
    ],
    features: ["Interval forecasting", "Skills-based scheduling", "Shift trading", "Quality evaluations", "Real-time adherence"],
  },
  {
    name: "Device Management",
    types: ["rooms"],
    cores: ["Room", "Display", "Signage", "Panel", "Kiosk", "Console"],
    taglines: ["Manage and monitor meeting room devices at scale", "Turn idle room displays into digital signage", "Know how every room is used"],
    phrases: ["manage and monitor room devices at scale", "turn idle displays into digital signage", "understand how rooms are used"],
    sentences: [
      "Push configuration and software updates to hundreds of devices from one console.",
      "Idle displays show announcements, dashboards or wayfinding until the next meeting starts.",
      "Occupancy sensors show which rooms are really used and which are booked and left empty.",
      "Alerts fire when a camera, microphone or display goes offline.",
    ],
    features: ["Bulk configuration", "Digital signage playlists", "Occupancy analytics", "Offline alerts", "Remote restart and diagnostics"],
  },
  {
    name: "Other",
    types: ALL,
    cores: ["Toolkit", "Helper", "Companion", "Utility", "Buddy"],
    taglines: ["A handy companion for everyday work", "Small tools that save time every day", "Useful shortcuts for your team"],
    phrases: ["take care of small everyday chores", "save a few minutes every day", "add handy shortcuts"],
    sentences: [
      "It does a few small things well and stays out of the way the rest of the time.",
      "Setup takes less than a minute and needs no admin approval for most features.",
      "Settings are per person, so everyone can tune it to the way they work.",
    ],
    features: ["One-minute setup", "Per-person settings", "Works on desktop and mobile", "No admin approval needed for basics"],
  },
  {
    name: "Partner Solutions",
    types: ALL,
    cores: ["Partner", "Solution", "Suite", "One"],
    taglines: ["A certified partner solution for your organisation", "An end-to-end solution delivered by a certified partner", "Extend the platform with a certified partner"],
    phrases: ["extend the platform with a certified partner solution", "deploy an end-to-end partner solution", "get more from the platform with expert help"],
    sentences: [
      "Delivered and supported by a certified partner, with onboarding and training included.",
      "The solution is tested against every platform release before it is rolled out.",
      "Partner engineers help with deployment, integration and ongoing optimisation.",
    ],
    features: ["Certified partner support", "Guided onboarding", "Tested against every release", "Service-level agreement"],
  },
];

/** appContext categories: present in the data, dropped by the side nav. */
const APP_CONTEXT_CATEGORY_NAMES = ["In-Meeting", "Sidebar", "Space"] as const;

/** First words of generated app names. */
const NAME_PREFIXES = [
  "Nimbus",
  "Beacon",
  "Atlas",
  "Harbor",
  "Cobalt",
  "Juniper",
  "Maple",
  "Orbit",
  "Pixel",
  "Quartz",
  "Rally",
  "Summit",
  "Tidal",
  "Vector",
  "Willow",
  "Zephyr",
  "Amber",
  "Aspen",
  "Bolt",
  "Cedar",
  "Cirrus",
  "Comet",
  "Coral",
  "Delta",
  "Echo",
  "Ember",
  "Fable",
  "Falcon",
  "Fern",
  "Flint",
  "Glade",
  "Granite",
  "Halo",
  "Helix",
  "Horizon",
  "Indigo",
  "Iris",
  "Jade",
  "Keystone",
  "Kite",
  "Lagoon",
  "Lark",
  "Lattice",
  "Linden",
  "Lotus",
  "Magnet",
  "Meadow",
  "Mosaic",
  "Nova",
  "Oak",
  "Onyx",
  "Opal",
  "Otter",
  "Paper",
  "Pebble",
  "Pine",
  "Prism",
  "Quill",
  "Raven",
  "Ripple",
  "Sage",
  "Sierra",
  "Slate",
  "Solstice",
  "Sparrow",
  "Spruce",
  "Stellar",
  "Tandem",
  "Teal",
  "Thistle",
  "Timber",
  "Topaz",
  "Trellis",
  "Tundra",
  "Umber",
  "Vela",
  "Verve",
  "Vista",
  "Wren",
  "Yarrow",
  "Zenith",
  "Apex",
  "Brisk",
  "Candor",
  "Clover",
  "Dune",
  "Fjord",
  "Gusto",
  "Kindle",
  "Mint",
  "Neon",
  "Nimble",
  "Polar",
  "Radiant",
  "Sonic",
  "Swift",
  "True",
  "Upbeat",
  "Vivid",
  "Wave",
] as const;

/** Generic name cores, mixed with the theme's own. */
const NAME_CORES = [
  "Hub",
  "Sync",
  "Pulse",
  "Point",
  "Link",
  "Space",
  "Works",
  "Loop",
  "Stream",
  "Spark",
  "Path",
  "Wire",
  "Beam",
  "Base",
  "Dock",
  "Grid",
  "Lane",
  "Bay",
  "Post",
  "Cast",
] as const;

/** Optional third words by app type. */
const TYPE_SUFFIXES = {
  integration: ["for Lumen", "Connect", "Cloud", "360", "Pro"],
  bot: ["Bot", "Buddy", "Assistant", "Bot"],
  embeddedApp: ["Live", "Studio", "Embed"],
  skill: ["Skill", "Voice", "Assistant"],
  serviceApp: ["Service", "Admin", "Agent"],
} as const;

/** Company names are "<first><second> <suffix>", e.g. "Northwind Labs"; 120 distinct stems. */
const COMPANY_FIRST = [
  "North",
  "Blue",
  "Bright",
  "Iron",
  "Silver",
  "Red",
  "Green",
  "Stone",
  "River",
  "Sky",
  "Sun",
  "Star",
  "Cloud",
  "Cedar",
  "Maple",
  "Falcon",
  "Harbor",
  "Summit",
  "Pine",
  "Golden",
] as const;
const COMPANY_SECOND = ["wind", "bird", "line", "bridge", "field", "gate", "wave", "works", "path", "crest", "brook", "leaf"] as const;
const COMPANY_SUFFIXES = ["Labs", "Software", "Systems", "Inc.", "Technologies", "Group", "Digital", "Partners", "Ltd.", "Studio"] as const;

// ---------------------------------------------------------------------------------------------
// Fixed records
// ---------------------------------------------------------------------------------------------

type AppSeed = {
  name: string;
  type: AppType;
  productType: ProductType;
  productTypes?: ProductType[];
  /** Category apiIds; the first is the app's theme. */
  themes?: string[];
  companyName?: string;
  tagline?: string;
  collections?: Collection[];
  /** Replaces the generated description (first-party apps describe what they really do). */
  description?: string;
};

/** The home page's featured slide apps (spec §2.5): always the first records, featured, published. */
const FEATURED_SLIDE_SEEDS: readonly AppSeed[] = [
  {
    name: "Pollster",
    type: "bot",
    productType: "teams",
    productTypes: ["teams", "meetings"],
    themes: ["polling_&_surveys", "social_&_fun"],
    companyName: "Quorum Labs",
    tagline: "Run instant polls in any space or meeting and see results live",
    collections: ["getting_started"],
  },
  {
    name: "Birthday Buddy",
    type: "bot",
    productType: "teams",
    themes: ["social_&_fun"],
    companyName: "Confetti Software",
    tagline: "Never miss a teammate's birthday or work anniversary again",
  },
  {
    name: "Recall",
    type: "bot",
    productType: "teams",
    productTypes: ["teams", "meetings"],
    themes: ["productivity", "transcription_&_notes"],
    companyName: "Mnemonic Systems",
    tagline: "Ask Recall to remember links, decisions and facts, then ask again later",
    collections: ["hybrid_work"],
  },
  {
    name: "PageOut",
    type: "integration",
    productType: "teams",
    productTypes: ["teams", "calling"],
    themes: ["it_service_management", "developer_tools"],
    companyName: "Alertline Inc.",
    tagline: "Page the on-call engineer and run incidents from a space",
  },
  {
    name: "CodeNest",
    type: "integration",
    productType: "teams",
    productTypes: ["teams", "meetings"],
    themes: ["developer_tools", "project_management"],
    companyName: "Nestworks Technologies",
    tagline: "Pull requests, issues and commits from your repositories, posted where your team talks",
    collections: ["getting_started"],
  },
  {
    name: "Forge CI",
    type: "integration",
    productType: "teams",
    themes: ["developer_tools"],
    companyName: "Forgeworks Ltd.",
    tagline: "Build, test and deploy with pipeline results in your space",
  },
  {
    name: "Autopilot Flow",
    type: "serviceApp",
    productType: "teams",
    productTypes: ["teams", "meetings", "calling"],
    themes: ["workflow_automation"],
    companyName: "Autopilot Software",
    tagline: "Automate busywork across thousands of apps without code",
    collections: ["hybrid_work"],
  },
  {
    name: "LinkBridge",
    type: "integration",
    productType: "teams",
    productTypes: ["teams", "meetings"],
    themes: ["workflow_automation", "productivity"],
    companyName: "Bridgeport Digital",
    tagline: "Connect your apps and trigger workflows from messages and meetings",
  },
  {
    name: "PowerPath",
    type: "integration",
    productType: "teams",
    productTypes: ["teams", "meetings", "contact_center"],
    themes: ["workflow_automation"],
    companyName: "Powerhouse Group",
    tagline: "Power automations that react to messages, meetings and calls",
    collections: ["getting_started", "contact_center"],
  },
];

/**
 * The hub's own webhook apps (issue 6): always the catalogue's last two records, so adding them
 * shifts no generated record before them. Their detail pages host My Webhooks; their bot
 * identities are the ones the hub posts and listens as (docs/decisions/010).
 */
export const FIRST_PARTY_SEEDS: readonly AppSeed[] = [
  {
    name: "Incoming Webhooks",
    type: "bot",
    productType: "teams",
    themes: ["developer_tools"],
    companyName: "Lumen",
    tagline: "Post messages into a space from any service that can send an HTTP request",
    description:
      '**Incoming Webhooks** gives you a private URL for a space. Anything that can send an HTTP `POST` with a JSON body such as `{"text": "Build passed"}` or `{"markdown": "**Deployed** to production"}` posts a message into that space, shown with the webhook\'s name. Use it for build results, monitoring alerts, deploy notices or a daily summary from your own scripts, and keep the conversation about them in the same place as the news.\n\n' +
      "**Key features**\n\n- One URL per webhook; delete the webhook and its URL stops working\n- Plain text or markdown, up to 7,439 bytes\n- Works with build servers, monitoring tools and scripts\n- Too many posts in a minute are refused with a Retry-After time, so a runaway script cannot flood a space\n\nKeep the URL secret: anyone who has it can post into the space.",
  },
  {
    name: "Outgoing Webhooks",
    type: "bot",
    productType: "teams",
    themes: ["developer_tools"],
    companyName: "Lumen",
    tagline: "Send messages that mention the bot in a space to your own server",
    description:
      "**Outgoing Webhooks** listens in a space you choose. When someone mentions it, the message is sent to your server's URL as JSON, signed so your server can check it came from us. Build a chat command for your own tools, answer questions from your systems, or start a job from a space without writing a full bot.\n\n" +
      "**Key features**\n\n- One webhook per space and URL\n- Each delivery carries an `X-AppHub-Signature` header: the HMAC-SHA256 of the body with the webhook's secret\n- Failed deliveries are retried with backoff\n- Messages that do not mention the bot never leave the platform\n\nDelete the webhook to stop deliveries.",
  },
];
export const FIRST_PARTY_MIN_APPS = 20;

/** Names with diacritics and punctuation at fixed positions (search, slugs, escaping). */
const SPECIAL_SEEDS: ReadonlyMap<number, AppSeed> = new Map<number, AppSeed>([
  [14, { name: "Café Standup", type: "bot", productType: "teams", themes: ["productivity"] }],
  [27, { name: "Zürich Rooms", type: "integration", productType: "rooms", themes: ["scheduling"] }],
  [41, { name: "Crème Brûlée Polls", type: "bot", productType: "teams", productTypes: ["teams", "meetings"], themes: ["polling_&_surveys"] }],
  [58, { name: "Señor Scheduler", type: "skill", productType: "rooms", themes: ["scheduling"] }],
  [73, { name: "Q&A Live", type: "embeddedApp", productType: "meetings", themes: ["polling_&_surveys"] }],
  [96, { name: "Mia's Notes", type: "integration", productType: "meetings", themes: ["transcription_&_notes"] }],
  [118, { name: "Ça Va Check-in", type: "bot", productType: "teams", themes: ["hr_&_recruiting"] }],
]);

/** Exactly these records (when the catalogue is that big) get an absolute http:// logo. */
export const HTTP_LOGO_INDICES: readonly number[] = [12, 47, 88, 131, 163, 197];
export const HTTP_LOGO_ORIGIN = "http://127.0.0.1:8787";
export const FEATURED_SLIDE_APP_NAMES: readonly string[] = FEATURED_SLIDE_SEEDS.map((s) => s.name);

const BOT_DOMAIN = "lumen.bot";
const PRODUCT_NAME = "Lumen";
const START_MS = Date.UTC(2019, 0, 1);
const END_MS = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------------------------

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A precomputed weighted choice. */
type Weighted<T> = { keys: T[]; cumulative: number[]; total: number };

function weights<T extends string>(record: Readonly<Partial<Record<T, number>>>): Weighted<T> {
  const keys: T[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const [key, w] of Object.entries(record) as [T, number][]) {
    total += w;
    keys.push(key);
    cumulative.push(total);
  }
  return { keys, cumulative, total };
}

class Rng {
  next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  weighted<T>(table: Weighted<T>): T {
    const r = this.next() * table.total;
    const { keys, cumulative } = table;
    for (let i = 0; i < keys.length; i++) if (r < cumulative[i]!) return keys[i]!;
    return keys[keys.length - 1]!;
  }
  /** k distinct elements, in random order. */
  sample<T>(list: readonly T[], k: number): T[] {
    const copy = list.slice();
    const out: T[] = [];
    while (out.length < k && copy.length) out.push(copy.splice(this.int(copy.length), 1)[0]!);
    return out;
  }
  hex(digits: number): string {
    let s = "";
    while (s.length < digits) s += this.int(0x10000).toString(16).padStart(4, "0");
    return s.slice(0, digits);
  }
  uuid(): string {
    const h = this.hex(32).split("");
    h[12] = "4";
    h[16] = "89ab"[parseInt(h[16]!, 16) & 3]!;
    const s = h.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** "Sales & Marketing" → "sales_&_marketing"; "In-Meeting" → "in_meeting". */
export function toApiId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** Spec §5: underscores (and spaces) become hyphens, '&' becomes 'and'. */
export function apiIdToSlug(apiId: string): string {
  return apiId.replace(/&/g, "and").replace(/[\s_]+/g, "-");
}

/** App names → friendlyIds: "Café Standup" → "cafe-standup", "Q&A Live" → "q-and-a-live". */
export function slugifyName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** 1–2 lower-case letters/digits: the first letters of the first two words, or of a single word. */
export function logoInitials(name: string): string {
  const words = slugifyName(name).split("-").filter(Boolean);
  if (words.length === 0) return "a";
  if (words.length === 1) return words[0]!.slice(0, 2);
  return words[0]![0]! + words[1]![0]!;
}

/**
 * The logos handed out so far, one per initials, hue (0–359) and variant (0–5). A new logo starts
 * at a random hue and variant and takes the first free one in a fixed probe order: the hue steps
 * by 47° (coprime with 360, so 360 steps visit every hue once), then the next variant from the same
 * hue. Probing one by one made the generator quadratic once an initials' 2,160 logos filled up
 * (8.6 of 32 s at 200,000 apps; issue 31): each variant's hues, in probe order, keep "next free"
 * pointers (a union-find with path compression), so a logo costs about O(1) whatever the size,
 * and the logos are the ones the probing gave.
 */
export class LogoSlots {
  /** Per `initials|variant`: for each hue's place in the probe order, the next place that may be free (360: none). */
  private readonly next = new Map<string, Int16Array>();

  /** The logo path for `initials` from the starting `hue` and `variant`; taken from then on. */
  take(initials: string, hue: number, variant: number): string {
    const start = (hue * 23) % 360; // 23 = 47⁻¹ (mod 360): the place of `hue` in the order 0, 47, 94, …
    for (let step = 0; step < 6; step++) {
      const v = (variant + step) % 6;
      const slots = this.slots(initials, v);
      let place = LogoSlots.find(slots, start);
      if (place === 360) place = LogoSlots.find(slots, 0);
      if (place === 360) continue;
      slots[place] = place + 1;
      return `/logos/${initials}-${(place * 47) % 360}-${v}.svg`;
    }
    // All 2,160 taken: the starting one again (as the probing did).
    return `/logos/${initials}-${hue}-${variant}.svg`;
  }

  private slots(initials: string, variant: number): Int16Array {
    const key = `${initials}|${variant}`;
    let slots = this.next.get(key);
    if (!slots) {
      slots = new Int16Array(361);
      for (let i = 0; i <= 360; i++) slots[i] = i;
      this.next.set(key, slots);
    }
    return slots;
  }

  private static find(slots: Int16Array, from: number): number {
    let root = from;
    while (slots[root] !== root) root = slots[root]!;
    for (let i = from; slots[i] !== root; ) {
      const next = slots[i]!;
      slots[i] = root;
      i = next;
    }
    return root;
  }
}

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const PRODUCT_CONTEXT: Record<ProductType, AppContext> = {
  teams: "space",
  meetings: "in_meeting",
  calling: "call",
  rooms: "device",
  contact_center: "contact_center",
};

const CONTEXT_CATEGORY: Partial<Record<AppContext, string>> = {
  in_meeting: "in_meeting",
  sidebar: "sidebar",
  space: "space",
};

const TYPE_WEIGHTS = weights<AppType>({ integration: 40, bot: 25, embeddedApp: 14, skill: 10, serviceApp: 11 });
const EXTRA_COUNT_WEIGHTS = weights({ "0": 55, "1": 30, "2": 15 });
const SCREENSHOT_COUNT_WEIGHTS = weights({ "0": 15, "1": 15, "2": 25, "3": 25, "4": 20 });

const PRODUCT_WEIGHTS: Record<AppType, Weighted<ProductType>> = {
  integration: weights({ teams: 35, meetings: 25, calling: 15, contact_center: 15, rooms: 10 }),
  bot: weights({ teams: 80, meetings: 10, contact_center: 10 }),
  embeddedApp: weights({ meetings: 55, teams: 35, rooms: 10 }),
  skill: weights({ rooms: 50, meetings: 35, calling: 15 }),
  serviceApp: weights({ teams: 35, meetings: 25, contact_center: 25, calling: 15 }),
};

const EXTRA_PRODUCTS: Record<AppType, readonly ProductType[]> = {
  integration: ["teams", "meetings", "calling", "contact_center", "rooms"],
  bot: ["teams", "meetings", "contact_center"],
  embeddedApp: ["meetings", "teams", "rooms"],
  skill: ["rooms", "meetings", "calling"],
  serviceApp: ["teams", "meetings", "calling", "contact_center"],
};

/** Themes an app type gravitates to (weight 4 instead of 1). */
const TYPE_AFFINITY: Record<AppType, readonly string[]> = {
  integration: [],
  bot: ["polling_&_surveys", "social_&_fun", "productivity", "hr_&_recruiting", "developer_tools"],
  embeddedApp: ["whiteboarding", "polling_&_surveys", "education", "social_&_fun", "project_management"],
  skill: ["scheduling", "productivity", "transcription_&_notes", "device_management"],
  serviceApp: ["security_&_compliance", "analytics", "workflow_automation", "it_service_management", "workforce_optimization"],
};

const SUFFIX_CHANCE: Record<AppType, number> = { integration: 0.15, bot: 0.45, embeddedApp: 0.2, skill: 0.35, serviceApp: 0.3 };

const TYPE_PARAGRAPHS: Record<AppType, readonly ((a: TextContext) => string)[]> = {
  bot: [
    (a) => `Add ${a.name} to any space, or message it directly at ${a.botEmail}. Mention it with @${a.name} and it answers in the thread, so the conversation stays tidy.`,
    (a) => `${a.name} is a bot: invite it to a group space or start a direct conversation. Type "help" to see every command it understands.`,
  ],
  integration: [
    (a) => `Connect ${a.name} once with your ${a.company} account; you stay in control of what it can access and can disconnect at any time from My Integrations.`,
    (a) => `${a.name} is an integration: sign in with your ${PRODUCT_NAME} account, grant the requested permissions and it starts working in the background.`,
  ],
  embeddedApp: [
    (a) => `${a.name} opens right inside ${PRODUCT_NAME}: start it from the Apps button during a meeting, or add it as a tab in a space so everyone shares the same view.`,
    (a) => `Open ${a.name} in a meeting and share it with one click; participants interact with it live, without switching windows.`,
  ],
  skill: [
    (a) => `${a.name} is a skill for the ${PRODUCT_NAME} Assistant. Just say "Hey ${PRODUCT_NAME}, ask ${a.name}…" on a room device or in a meeting.`,
    (a) => `Talk to ${a.name} hands-free on any ${PRODUCT_NAME} device: the assistant understands natural requests and confirms before it acts.`,
  ],
  serviceApp: [
    (a) =>
      `${a.name} is a service app: an administrator authorises it once for the whole organisation, and it then works on behalf of the organisation rather than a single person.`,
    (a) => `Once a Control Hub administrator approves ${a.name}, it runs as an organisation-wide service with the scopes you grant it and nothing more.`,
  ],
};

type TextContext = { name: string; company: string; botEmail: string | null };

const TYPE_FEATURES: Record<AppType, readonly string[]> = {
  bot: ["Works in group spaces and direct messages", "Adaptive cards with buttons"],
  integration: ["Single sign-on with your existing account", "Disconnect at any time"],
  embeddedApp: ["Shared live view for all participants", "Opens as a tab in a space"],
  skill: ["Hands-free voice commands", "Works on room devices"],
  serviceApp: ["Organisation-wide authorisation", "Granular admin-approved scopes"],
};

// ---------------------------------------------------------------------------------------------
// Categories and companies
// ---------------------------------------------------------------------------------------------

function categoryId(type: CategoryType, apiId: string): string {
  return `cat-${type.replace(/_/g, "-")}-${apiIdToSlug(apiId)}`;
}

function buildCategories(): CategoryRecord[] {
  const out: CategoryRecord[] = [];
  for (const type of ALL) {
    for (const theme of THEMES) {
      if (!theme.types.includes(type)) continue;
      const apiId = toApiId(theme.name);
      out.push({ id: categoryId(type, apiId), apiId, slug: apiIdToSlug(apiId), name: theme.name, categoryType: type });
    }
  }
  for (const name of APP_CONTEXT_CATEGORY_NAMES) {
    const apiId = toApiId(name);
    out.push({ id: categoryId("appContext", apiId), apiId, slug: apiIdToSlug(apiId), name, categoryType: "appContext" });
  }
  return out;
}

type Company = { name: string; domain: string };

function buildCompanies(rng: Rng, count: number): Company[] {
  const stems: string[] = [];
  for (const a of COMPANY_FIRST) for (const b of COMPANY_SECOND) stems.push(a + b);
  return rng.sample(stems, count).map((stem) => ({
    name: `${stem} ${rng.pick(COMPANY_SUFFIXES)}`,
    domain: `${stem.toLowerCase()}.example`,
  }));
}

function companyFor(name: string): Company {
  return {
    name,
    domain: `${slugifyName(name)
      .replace(/-(inc|ltd)$/, "")
      .replace(/-/g, "")}.example`,
  };
}

// ---------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------

export function generateCatalogue(options: GenerateOptions): CatalogueFile {
  const generator = new CatalogueGenerator(options);
  const apps: AppRecord[] = [];
  for (let app = generator.next(); app; app = generator.next()) apps.push(app);
  return { version: generator.version, publishers: generator.publishers(), categories: generator.categories, apps };
}

/** The fixed seed of the record at `index` of a catalogue of `count` apps, if any. */
function fixedSeedAt(index: number, count: number): { seed: AppSeed | undefined; firstParty: boolean; isSlide: boolean } {
  const firstPartyIndex = count >= FIRST_PARTY_MIN_APPS ? index - (count - FIRST_PARTY_SEEDS.length) : -1;
  const firstParty = firstPartyIndex >= 0 ? FIRST_PARTY_SEEDS[firstPartyIndex] : undefined;
  const isSlide = index < FEATURED_SLIDE_SEEDS.length;
  return { seed: firstParty ?? (isSlide ? FEATURED_SLIDE_SEEDS[index] : SPECIAL_SEEDS.get(index)), firstParty: Boolean(firstParty), isSlide };
}

/**
 * The catalogue of generateCatalogue, one app at a time (issue 31: a catalogue of 1,000,000 apps
 * is generated and imported in slices, so it is never in memory at once). `next()` returns the
 * apps in order, each final (deprecations included: they name earlier apps only), then null.
 * `publishers()` once every app is out is generateCatalogue's list; called earlier, it is the list
 * the whole catalogue will have, predicted from the companies seen so far and those the fixed
 * records still to come name (a slice's SQL needs the verified publishers before the apps). The
 * prediction holds once every generated company has appeared (all 120 do within the first few
 * thousand apps); `next()` throws when an app names a company outside a prediction already made.
 */
export class CatalogueGenerator {
  readonly version: string;
  readonly categories: CategoryRecord[];
  readonly count: number;
  private index = 0;
  private readonly makeApp: (index: number) => AppRecord;
  private readonly usedCompanies: Map<string, Company>;
  private readonly showcase: Set<number>;
  private readonly deprecationRng: Rng;
  private readonly earlier = new EarlierApps();
  private readonly seed: number;
  private predicted: ReadonlySet<string> | null = null;

  constructor({ apps: count, seed, httpLogoOrigin = HTTP_LOGO_ORIGIN, vendorOrigin }: GenerateOptions) {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`apps must be a non-negative integer, got ${count}`);
    if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
    this.count = count;
    this.seed = seed;
    this.version = `seed-${seed}-${count}`;
    const state = generatorState(count, seed, httpLogoOrigin, vendorOrigin);
    this.categories = state.categories;
    this.makeApp = state.makeApp;
    this.usedCompanies = state.usedCompanies;
    this.showcase = state.showcase;
    // A stream of its own again, so the first N apps of a big catalogue equal a catalogue of N.
    this.deprecationRng = new Rng(seed ^ 0xde9eca7e);
  }

  /** How many apps `next()` has returned. */
  get generated(): number {
    return this.index;
  }

  next(): AppRecord | null {
    if (this.index >= this.count) return null;
    const index = this.index++;
    const app = this.makeApp(index);
    if (this.predicted && !this.predicted.has(app.companyName)) {
      throw new Error(`catalogue generator: app ${index} names ${app.companyName}, a company the publishers predicted at app ${this.predictedAt} did not have`);
    }
    deprecateNext(this.deprecationRng, this.earlier, app, this.showcase.has(index));
    return app;
  }

  private predictedAt = 0;
  private predictedPublishers = "";

  /** The catalogue's publishers (see the class). */
  publishers(): PublisherRecord[] {
    const companies = new Map(this.usedCompanies);
    if (this.index < this.count) {
      const fixedIndices = [...FEATURED_SLIDE_SEEDS.keys(), ...SPECIAL_SEEDS.keys(), ...FIRST_PARTY_SEEDS.map((_, i) => this.count - FIRST_PARTY_SEEDS.length + i)];
      for (const index of [...new Set(fixedIndices)].filter((i) => i >= this.index && i < this.count).sort((x, y) => x - y)) {
        const name = fixedSeedAt(index, this.count).seed?.companyName;
        if (name && !companies.has(name)) companies.set(name, companyFor(name));
      }
    }
    const publishers = buildPublishers(new Rng(this.seed ^ 0x9b115e), companies, PRODUCT_NAME);
    if (this.index < this.count && !this.predicted) {
      this.predicted = new Set(companies.keys());
      this.predictedAt = this.index;
      this.predictedPublishers = JSON.stringify(publishers);
    }
    return publishers;
  }

  /** Throws unless the publishers predicted before the end are the catalogue's; call once `next()` has returned null. */
  checkPrediction(): void {
    if (this.predicted && JSON.stringify(this.publishers()) !== this.predictedPublishers) {
      throw new Error(`catalogue generator: the publishers predicted at app ${this.predictedAt} are not the catalogue's`);
    }
  }
}

type GeneratorState = { categories: CategoryRecord[]; makeApp: (index: number) => AppRecord; usedCompanies: Map<string, Company>; showcase: Set<number> };

function generatorState(count: number, seed: number, httpLogoOrigin: string, vendorOrigin: string | undefined): GeneratorState {
  const rng = new Rng(seed);
  const categories = buildCategories();
  const categoryKeys = new Set(categories.map((c) => `${c.categoryType}|${c.apiId}`));
  const hasCategory = (type: CategoryType, apiId: string) => categoryKeys.has(`${type}|${apiId}`);
  const themeByApiId = new Map(THEMES.map((t) => [toApiId(t.name), t]));
  const companies = buildCompanies(rng, 120);

  const usedNames = new Set<string>();
  const usedSlugs = new Set<string>();
  const usedIds = new Set<string>();
  const reserve = (name: string) => {
    usedNames.add(name.toLowerCase());
    usedSlugs.add(slugifyName(name));
  };
  for (const s of FEATURED_SLIDE_SEEDS) reserve(s.name);
  for (const s of SPECIAL_SEEDS.values()) reserve(s.name);
  for (const s of FIRST_PARTY_SEEDS) reserve(s.name);

  const makeName = (type: AppType, theme: Theme): string => {
    for (let attempt = 0; ; attempt++) {
      const prefix = rng.pick(NAME_PREFIXES);
      const core = rng.chance(0.6) ? rng.pick(theme.cores) : rng.pick(NAME_CORES);
      let name = `${prefix} ${core}`;
      if (attempt > 8 || rng.chance(SUFFIX_CHANCE[type])) {
        const suffix = rng.pick(TYPE_SUFFIXES[type]);
        if (!suffix.includes(core)) name += ` ${suffix}`;
      }
      if (attempt > 16) name += ` ${attempt}`;
      const lower = name.toLowerCase();
      if (usedNames.has(lower)) continue;
      const slug = slugifyName(name);
      if (!usedSlugs.has(slug)) {
        usedNames.add(lower);
        usedSlugs.add(slug);
        return name;
      }
    }
  };

  const logoSlots = new LogoSlots();
  const makeLogo = (initials: string): string => logoSlots.take(initials, rng.int(360), rng.int(6));

  const themeTables = new Map<string, Weighted<string>>();
  const themesFor = (type: AppType, productType: ProductType): string[] => {
    let table = themeTables.get(`${type}|${productType}`);
    if (!table) {
      const record: Record<string, number> = {};
      for (const theme of THEMES) {
        const apiId = toApiId(theme.name);
        if (apiId === OTHER_CATEGORY_API_ID || apiId === PARTNER_CATEGORY_API_ID) continue;
        if (!theme.types.includes(productType)) continue;
        record[apiId] = TYPE_AFFINITY[type].includes(apiId) ? 4 : 1;
      }
      table = weights(record);
      themeTables.set(`${type}|${productType}`, table);
    }
    const first = rng.weighted(table);
    const out = [first];
    if (rng.chance(0.35)) {
      const second = rng.weighted(table);
      if (second !== first) out.push(second);
    }
    return out;
  };

  const contextsFor = (type: AppType, productTypes: readonly ProductType[]): AppContext[] => {
    const set = new Set<AppContext>();
    switch (type) {
      case "bot":
        set.add("space");
        if (productTypes.includes("meetings")) set.add("in_meeting");
        if (productTypes.includes("contact_center")) set.add("contact_center");
        break;
      case "embeddedApp":
        if (productTypes.includes("meetings") || productTypes.includes("rooms")) set.add("in_meeting");
        if (productTypes.includes("teams")) set.add(rng.chance(0.5) ? "sidebar" : "space");
        if (set.size === 0) set.add("in_meeting");
        if (rng.chance(0.25)) set.add("sidebar");
        break;
      case "skill":
        set.add("device");
        if (productTypes.includes("meetings")) set.add("in_meeting");
        if (productTypes.includes("calling")) set.add("call");
        break;
      default:
        for (const pt of productTypes) set.add(PRODUCT_CONTEXT[pt]);
    }
    return APP_CONTEXTS.filter((c) => set.has(c)).slice(0, 3);
  };

  const categoryIdsFor = (productType: ProductType, productTypes: readonly ProductType[], themes: readonly string[], contexts: readonly AppContext[], fixed: boolean): string[] => {
    const ids: string[] = [];
    const add = (type: CategoryType, apiId: string) => {
      const id = categoryId(type, apiId);
      if (ids.length < 3 && hasCategory(type, apiId) && !ids.includes(id)) ids.push(id);
    };
    const addAnywhere = (apiId: string) => {
      const type = [productType, ...productTypes].find((pt) => hasCategory(pt, apiId));
      if (type) add(type, apiId);
    };
    for (const apiId of themes) addAnywhere(apiId);
    if (fixed) return ids;
    // The same category in a second product type: category pages must not list the app twice.
    const otherPt = productTypes.find((pt) => pt !== productType);
    if (otherPt && rng.chance(0.15)) add(otherPt, themes[0]!);
    if (themes[0] !== OTHER_CATEGORY_API_ID && rng.chance(0.03)) addAnywhere(OTHER_CATEGORY_API_ID);
    if (rng.chance(0.08)) {
      if (ids.length === 3) ids.pop();
      add(productType, PARTNER_CATEGORY_API_ID);
    }
    if (rng.chance(0.05)) {
      const ctx = contexts.find((c) => CONTEXT_CATEGORY[c]);
      if (ctx) add("appContext", CONTEXT_CATEGORY[ctx]!);
    }
    return ids;
  };

  // Issue 15's fields come from a stream of their own: every older field stays as it was.
  const trustRng = new Rng(seed ^ 0x7a5e15);
  const usedCompanies = new Map<string, Company>();
  const showcase = new Set<number>();

  const makeApp = (index: number): AppRecord => {
    const { seed: fixedSeed, firstParty, isSlide } = fixedSeedAt(index, count);

    const type = fixedSeed?.type ?? rng.weighted(TYPE_WEIGHTS);
    const productType = fixedSeed?.productType ?? rng.weighted(PRODUCT_WEIGHTS[type]);
    let productTypes: ProductType[];
    if (fixedSeed?.productTypes) {
      productTypes = fixedSeed.productTypes;
    } else {
      const extras = fixedSeed ? 0 : rng.weighted(EXTRA_COUNT_WEIGHTS);
      const pool = EXTRA_PRODUCTS[type].filter((pt) => pt !== productType);
      productTypes = [productType, ...rng.sample(pool, Number(extras))];
    }

    let themes: string[];
    if (fixedSeed?.themes) themes = fixedSeed.themes;
    else if (rng.chance(0.04)) themes = [OTHER_CATEGORY_API_ID];
    else themes = themesFor(type, productType);
    const theme = themeByApiId.get(themes[0]!)!;

    const name = fixedSeed?.name ?? makeName(type, theme);
    const slug = slugifyName(name);
    const company = fixedSeed?.companyName ? companyFor(fixedSeed.companyName) : companies[Math.floor(companies.length * rng.next() ** 1.7)]!;

    const status = fixedSeed || !rng.chance(0.04) ? "published" : "coming_soon";
    const isFeatured = isSlide || (status === "published" && rng.chance(0.035));
    const requiresAdmin = rng.chance(type === "serviceApp" ? 0.35 : 0.12) && !firstParty;
    const friendlyId = fixedSeed || !rng.chance(0.03) ? slug : null;
    const botEmail = type === "bot" ? `${slug}@${BOT_DOMAIN}` : null;

    let id: string;
    do id = base64Url(`ciscospark://us/APPLICATION/${rng.uuid()}`);
    while (usedIds.has(id));
    usedIds.add(id);
    const clientId = type === "integration" ? `C${rng.hex(64)}` : null;
    const connectUrl = clientId ? connectUrlFor(clientId, company, slug, vendorOrigin) : null;

    const logoPath = makeLogo(logoInitials(name));
    const logo = HTTP_LOGO_INDICES.includes(index) ? `${httpLogoOrigin}${logoPath}` : logoPath;
    const [, hue, variant] = /-(\d+)-(\d)\.svg$/.exec(logoPath)!;
    const shots = rng.weighted(SCREENSHOT_COUNT_WEIGHTS);
    const screenshots = Array.from({ length: Number(shots) }, (_, n) => `/screenshots/${hue}-${variant}-${n + 1}.svg`);
    const videoUrl = rng.chance(0.3) ? `https://vimeo.com/${100_000_000 + rng.int(900_000_000)}` : null;

    const websiteUrl = rng.chance(0.98) ? `https://www.${company.domain}/${slug}` : null;
    const supportUrl = rng.chance(0.95) ? `https://support.${company.domain}/${slug}` : null;
    const privacyUrl = rng.chance(0.97) ? `https://www.${company.domain}/privacy` : null;
    const termsUrl = rng.chance(0.92) ? `https://www.${company.domain}/terms` : null;

    const span = status === "coming_soon" ? 120 * DAY_MS : END_MS - START_MS;
    const submittedMs = END_MS - span + rng.int(Math.floor(span / 1000)) * 1000;
    const updatedMs = submittedMs + rng.int(Math.floor(Math.min(END_MS - submittedMs, 730 * DAY_MS) / 1000) + 1) * 1000;

    const appContexts = contextsFor(type, productTypes);
    const categoryIds = categoryIdsFor(productType, productTypes, themes, appContexts, Boolean(fixedSeed));

    let collections: Collection[];
    if (fixedSeed) collections = fixedSeed.collections ?? [];
    else {
      collections = [];
      if (rng.chance(0.06)) collections.push("hybrid_work");
      if (rng.chance(0.06)) collections.push("getting_started");
      if (productTypes.includes("contact_center") && rng.chance(0.25)) collections.push("contact_center");
    }

    const productLabels = productTypes.map((pt) => `${PRODUCT_NAME} ${PRODUCT_TYPE_LABELS[pt]}`);
    const tagline = `${fixedSeed?.tagline ?? rng.pick(theme.taglines)}.`;
    const learnMore = websiteUrl ?? `https://docs.${company.domain}/${slug}`;
    const text: TextContext = { name, company: company.name, botEmail };

    const paragraphs: string[] = [];
    paragraphs.push(`**${name}** helps teams ${rng.pick(theme.phrases)} in ${joinList(productLabels)}. ` + `It is built and supported by ${company.name}.`);
    paragraphs.push(rng.pick(TYPE_PARAGRAPHS[type])(text));
    paragraphs.push(rng.sample(theme.sentences, 3 + rng.int(2)).join(" "));
    if (productTypes.length > 1) {
      paragraphs.push(`${name} works the same way across ${joinList(productLabels)}: settings, history and permissions follow you from one to the other.`);
    }
    const features = [...rng.sample(theme.features, 3 + rng.int(2)), rng.pick(TYPE_FEATURES[type])];
    paragraphs.push(`**Key features**\n\n${features.map((f) => `- ${f}`).join("\n")}`);
    if (requiresAdmin) {
      paragraphs.push(`${name} needs a ${PRODUCT_NAME} Control Hub administrator to enable it for your organisation before people can use it. [Learn more](${learnMore})`);
    } else {
      paragraphs.push(`${company.name} processes only the data ${name} needs to work; see the privacy policy for details. [Learn more](${learnMore})`);
    }
    if (rng.chance(0.6)) {
      paragraphs.push(
        supportUrl
          ? `Questions or feedback? The ${company.name} team is happy to help at [${new URL(supportUrl).host}](${supportUrl}).`
          : `Questions or feedback? Reach the ${company.name} team from the app's settings page.`,
      );
    }

    usedCompanies.set(company.name, company);
    if (isSlide || firstParty) showcase.add(index);
    const trust = trustFor(trustRng, { type, productTypes, clientId, status, submittedMs, domain: company.domain, showcase: isSlide || Boolean(firstParty) }, END_MS);

    return {
      id,
      friendlyId,
      name,
      logo,
      type,
      productType,
      productTypes,
      categoryIds,
      companyName: company.name,
      clientId,
      connectUrl,
      isFeatured,
      tagline,
      description: fixedSeed?.description ?? paragraphs.join("\n\n"),
      screenshots,
      videoUrl,
      websiteUrl,
      supportUrl,
      privacyUrl,
      termsUrl,
      requiresAdmin,
      botEmail,
      submittedAt: isoSeconds(submittedMs),
      updatedAt: isoSeconds(updatedMs),
      status,
      appContexts,
      collections,
      publisher: publisherSlugFromName(company.name),
      ...trust,
      deprecation: null,
    };
  };
  return { categories, makeApp, usedCompanies, showcase };
}
