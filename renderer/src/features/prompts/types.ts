/** The shapes of /api/agent-prompts and /api/fine-tuning (see /api/docs). */
export interface PromptVersion {
  agentId: string;
  version: number;
  prompt: string;
  name: string;
  description: string;
  isCurrentVersion: boolean;
  createdBy: string;
  createdAt: string;
}

export type ExpectationKind = 'contains' | 'not-contains' | 'matches';

export interface Expectation {
  kind: ExpectationKind;
  value: string;
}

export interface TestCase {
  id: string;
  agentId: string;
  question: string;
  expectation: Expectation | null;
  createdAt: string;
}

export interface TestCaseInput {
  question: string;
  expectation: Expectation | null;
}

export interface CaseOutcome {
  output: string;
  passed: boolean;
  error?: string;
}

export interface CaseResult {
  testCaseId: string;
  question: string;
  expectation: Expectation | null;
  candidate: CaseOutcome;
  current: CaseOutcome;
}

export interface TestRun {
  agentId: string;
  candidateVersion: number;
  currentVersion: number;
  total: number;
  candidatePassed: number;
  currentPassed: number;
  results: CaseResult[];
  ranAt: string;
}

export interface EnhancedPrompt {
  originalPrompt: string;
  enhancedPrompt: string;
}
