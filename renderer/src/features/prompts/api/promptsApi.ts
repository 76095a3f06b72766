import { apiClient, isApiError } from '../../../shared/api';
import type { EnhancedPrompt, PromptVersion, TestCase, TestCaseInput, TestRun } from '../types';

const id = encodeURIComponent;
const versionsPath = (agentId: string) => `/fine-tuning/agent-prompts/${id(agentId)}/versions`;
const testCasesPath = (agentId: string) => `/agent-prompts/${id(agentId)}/test-cases`;
/** A model call (improving a prompt) can take a while; a test run asks the model several times. */
const MODEL_TIMEOUT_MS = 120_000;
const TEST_RUN_TIMEOUT_MS = 600_000;

/** The server's code when the candidate's last test run passed fewer cases than the current version. */
export const CANDIDATE_PASSES_FEWER_TESTS = 'CandidatePassesFewerTests';

export function isFewerTestsWarning(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && (error.body as { code?: unknown } | null)?.code === CANDIDATE_PASSES_FEWER_TESTS;
}

export const promptsApi = {
  versions: (agentId: string, signal?: AbortSignal) => apiClient.get<PromptVersion[]>(versionsPath(agentId), { signal }),

  addVersion: (agentId: string, prompt: string, versionName: string, versionDescription: string) =>
    apiClient.post<PromptVersion>('/agent-prompts', {
      body: { agentId, prompt, ...(versionName.trim() ? { versionName } : {}), ...(versionDescription.trim() ? { versionDescription } : {}) },
    }),

  setCurrent: (agentId: string, version: number, force = false) =>
    apiClient.post<PromptVersion>(`${versionsPath(agentId)}/${version}/set-current`, { query: force ? { force: true } : undefined }),

  deleteVersion: (agentId: string, version: number) => apiClient.delete<unknown>(`${versionsPath(agentId)}/${version}`),

  enhance: (prompt: string) => apiClient.post<EnhancedPrompt>('/fine-tuning/enhance-prompt', { body: { prompt }, timeoutMs: MODEL_TIMEOUT_MS }),

  testCases: (agentId: string, signal?: AbortSignal) => apiClient.get<TestCase[]>(testCasesPath(agentId), { signal }),

  addTestCase: (agentId: string, input: TestCaseInput) => apiClient.post<TestCase>(testCasesPath(agentId), { body: input }),

  updateTestCase: (agentId: string, caseId: string, input: TestCaseInput) =>
    apiClient.put<TestCase>(`${testCasesPath(agentId)}/${id(caseId)}`, { body: input }),

  deleteTestCase: (agentId: string, caseId: string) => apiClient.delete<unknown>(`${testCasesPath(agentId)}/${id(caseId)}`),

  testRun: (agentId: string, version: number) =>
    apiClient.post<TestRun>(`${versionsPath(agentId)}/${version}/test-run`, { timeoutMs: TEST_RUN_TIMEOUT_MS }),
};
