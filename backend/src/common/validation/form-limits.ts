/** The bounds of one field: a text's length, or a number's value. */
export interface Bounds {
  readonly min: number;
  readonly max: number;
}

/**
 * Every limit a form of the product enforces, in one place: the DTOs validate with these and
 * `GET /api/config` serves them (`limits`), so the renderer's forms check the same numbers before
 * sending. A limit changed here changes on both sides.
 */
export const FORM_LIMITS = {
  agent: {
    name: { min: 1, max: 120 },
    description: { min: 1, max: 5000 },
    systemPrompt: { min: 0, max: 100_000 },
    price: { min: 0, max: 99_999_999 },
    ecosystemMinimumPrice: { min: 0, max: 99_999_999 },
    /** Each of its skills, capabilities and use cases, and how many of each. */
    listItem: { min: 1, max: 200 },
    listItems: { min: 0, max: 50 },
    /** Each of the conversation starters shown in an empty chat with the agent, and how many. */
    conversationStarter: { min: 1, max: 200 },
    conversationStarters: { min: 0, max: 4 },
    /**
     * The agent's temperature: 0–1, the range every provider takes (Bedrock's models accept 0–1;
     * OpenAI-compatible servers 0–2), so an agent answers the same on either. None: the provider's default.
     */
    temperature: { min: 0, max: 1 },
    /** The longest answer, in tokens (8192: Claude 3.5's ceiling on Bedrock). None: the deployment's default (2048). */
    maxAnswerTokens: { min: 1, max: 8192 },
  },
  ecosystem: {
    name: { min: 1, max: 120 },
    description: { min: 0, max: 5000 },
    price: { min: 0, max: 99_999_999 },
    discount: { min: 0, max: 100 },
  },
  contact: {
    name: { min: 1, max: 120 },
    email: { min: 3, max: 320 },
    subject: { min: 1, max: 160 },
    message: { min: 10, max: 5000 },
  },
  profile: {
    contactName: { min: 1, max: 120 },
    handle: { min: 3, max: 30 },
  },
  prompt: {
    prompt: { min: 1, max: 100_000 },
    versionName: { min: 0, max: 120 },
    versionDescription: { min: 0, max: 500 },
    question: { min: 1, max: 4000 },
    expectation: { min: 1, max: 500 },
    testCases: { min: 0, max: 20 },
  },
  apiKey: {
    name: { min: 1, max: 120 },
    /** The deployment lowers `max` (API_KEY_RATE_LIMIT_MAX); `GET /api/config` serves the value in force. */
    rateLimitPerMinute: { min: 1, max: 1_000_000 },
    monthlyRequestQuota: { min: 1, max: 2_000_000_000 },
    monthlyTokenQuota: { min: 1, max: 2_000_000_000 },
  },
  conversation: {
    title: { min: 1, max: 120 },
  },
  chat: {
    /** The main assistant's instructions ('Instrucciones del asistente'). */
    assistantInstructions: { min: 0, max: 20_000 },
  },
  assistant: {
    /** A message to Seshat. */
    message: { min: 1, max: 2000 },
  },
  flow: {
    name: { min: 1, max: 120 },
    description: { min: 0, max: 2000 },
  },
  moderation: {
    /** Why an admin rejects an agent; its creator reads it. */
    reason: { min: 1, max: 500 },
  },
  /** Reviews, creators' replies and reports (issue 34). */
  review: {
    rating: { min: 1, max: 5 },
    comment: { min: 0, max: 2000 },
    reply: { min: 1, max: 2000 },
    reportDetails: { min: 0, max: 2000 },
    resolutionNote: { min: 0, max: 2000 },
  },
  identity: {
    /** Cognito's default policy, which the embedded identity service applies too. */
    password: { min: 8, max: 256 },
  },
  /** An agent's knowledge (issue 32). The deployment sets both maxima (KNOWLEDGE_MAX_FILE_MB, KNOWLEDGE_MAX_DOCUMENTS); `GET /api/config` serves the values in force. */
  knowledge: {
    /** A document's size, in bytes. */
    fileBytes: { min: 1, max: 20 * 1024 * 1024 },
    /** Documents one agent may have. */
    documents: { min: 0, max: 50 },
    /** 'Probar búsqueda': the question, and how many passages to show. */
    searchQuery: { min: 1, max: 1000 },
    searchLimit: { min: 1, max: 50 },
  },
} as const satisfies Record<string, Record<string, Bounds>>;

/** The limits' shape, with any numbers (a deployment may change some, as the API keys' rate). */
export type FormLimits = { [Group in keyof typeof FORM_LIMITS]: Record<keyof (typeof FORM_LIMITS)[Group], Bounds> };
