import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, type components } from '../../../shared/api';

type Schemas = components['schemas'];
/** GET /api/fine-tuning/agent-prompts/{agentId}/versions item. */
export type PromptVersion = Schemas['PromptVersionDto'];
export type TestCase = Schemas['TestCaseDto'];
/** A test case's question and expectation, as it is saved. */
export type TestCaseInput = Schemas['SaveTestCaseDto'];
export type Expectation = Schemas['ExpectationDto'];
export type ExpectationKind = Expectation['kind'];
export type TestRun = Schemas['TestRunDto'];
export type CaseOutcome = Schemas['CaseOutcomeDto'];

/** A model call (improving a prompt) can take a while; a test run asks the model several times. */
const MODEL_TIMEOUT_MS = 120_000;
const TEST_RUN_TIMEOUT_MS = 600_000;

/**
 * An agent's prompt versions sit under ['prompts', agentId], beside the admin's current prompt
 * (['prompts', agentId, 'current']): a change of versions reaches both. Test cases are their own resource.
 */
export const promptKeys = {
  agent: (agentId: string) => ['prompts', agentId] as const,
  versions: (agentId: string) => ['prompts', agentId, 'versions'] as const,
  testCases: (agentId: string) => ['test-cases', agentId] as const,
};

/** The server's code when the candidate's last test run passed fewer cases than the current version. */
export const CANDIDATE_PASSES_FEWER_TESTS = 'CandidatePassesFewerTests';

export function isFewerTestsWarning(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && (error.body as { code?: unknown } | null)?.code === CANDIDATE_PASSES_FEWER_TESTS;
}

/** GET /api/fine-tuning/agent-prompts/{agentId}/versions: newest first. */
export function usePromptVersions(agentId: string) {
  return useQuery({
    queryKey: promptKeys.versions(agentId),
    queryFn: async ({ signal }) =>
      (await api.GET('/api/fine-tuning/agent-prompts/{agentId}/versions', { params: { path: { agentId } }, signal })).data!,
  });
}

/**
 * After a version is added, made current or deleted: the versions, and the current prompt wherever
 * it is shown. Waited for, so that the buttons stay busy until the list says what happened.
 */
function useVersionChange<Variables extends { agentId: string }, Result>(change: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (_result, { agentId }) => queryClient.invalidateQueries({ queryKey: promptKeys.agent(agentId) }),
  });
}

export interface NewPromptVersion {
  agentId: string;
  prompt: string;
  versionName: string;
  versionDescription: string;
}

/** POST /api/agent-prompts: the new version becomes the current one; a blank name or description is left to the server's default. */
export const useAddPromptVersion = () =>
  useVersionChange(async ({ agentId, prompt, versionName, versionDescription }: NewPromptVersion) =>
    (
      await api.POST('/api/agent-prompts', {
        body: {
          agentId,
          prompt,
          ...(versionName.trim() ? { versionName } : {}),
          ...(versionDescription.trim() ? { versionDescription } : {}),
        },
      })
    ).data!,
  );

/** POST …/versions/{version}/set-current; without `force`, a candidate that passed fewer test cases is refused (isFewerTestsWarning). */
export const useSetCurrentVersion = () =>
  useVersionChange(async ({ agentId, version, force = false }: { agentId: string; version: number; force?: boolean }) =>
    (
      await api.POST('/api/fine-tuning/agent-prompts/{agentId}/versions/{version}/set-current', {
        params: { path: { agentId, version }, query: force ? { force: 'true' } : undefined },
      })
    ).data!,
  );

/** DELETE …/versions/{version} (not the current one). */
export const useDeletePromptVersion = () =>
  useVersionChange(async ({ agentId, version }: { agentId: string; version: number }) =>
    (await api.DELETE('/api/fine-tuning/agent-prompts/{agentId}/versions/{version}', { params: { path: { agentId, version } } })).data!,
  );

/** POST /api/fine-tuning/enhance-prompt: the model's rewrite, beside the text it started from. Nothing is saved, so nothing is invalidated. */
export function useEnhancePrompt() {
  return useMutation({
    mutationFn: async (prompt: string) =>
      (await api.POST('/api/fine-tuning/enhance-prompt', { body: { prompt }, signal: AbortSignal.timeout(MODEL_TIMEOUT_MS) })).data!,
  });
}

/** GET /api/agent-prompts/{agentId}/test-cases, in the order they were added. */
export function useTestCases(agentId: string) {
  return useQuery({
    queryKey: promptKeys.testCases(agentId),
    queryFn: async ({ signal }) => (await api.GET('/api/agent-prompts/{agentId}/test-cases', { params: { path: { agentId } }, signal })).data!,
  });
}

/** A test case change: the list shows the server's answer at once, then is asked for again. */
function useTestCaseChange<Variables extends { agentId: string }, Result>(
  change: (variables: Variables) => Promise<Result>,
  apply: (cases: TestCase[], result: Result, variables: Variables) => TestCase[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (result, variables) => {
      const queryKey = promptKeys.testCases(variables.agentId);
      queryClient.setQueryData<TestCase[]>(queryKey, (cases) => cases && apply(cases, result, variables));
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useAddTestCase = () =>
  useTestCaseChange(
    async ({ agentId, input }: { agentId: string; input: TestCaseInput }) =>
      (await api.POST('/api/agent-prompts/{agentId}/test-cases', { params: { path: { agentId } }, body: input })).data!,
    (cases, saved) => [...cases, saved],
  );

export const useUpdateTestCase = () =>
  useTestCaseChange(
    async ({ agentId, caseId, input }: { agentId: string; caseId: string; input: TestCaseInput }) =>
      (await api.PUT('/api/agent-prompts/{agentId}/test-cases/{caseId}', { params: { path: { agentId, caseId } }, body: input })).data!,
    (cases, saved) => cases.map((item) => (item.id === saved.id ? saved : item)),
  );

export const useDeleteTestCase = () =>
  useTestCaseChange(
    async ({ agentId, caseId }: { agentId: string; caseId: string }) =>
      (await api.DELETE('/api/agent-prompts/{agentId}/test-cases/{caseId}', { params: { path: { agentId, caseId } } })).data!,
    (cases, _deleted, { caseId }) => cases.filter((item) => item.id !== caseId),
  );

/**
 * POST …/versions/{version}/test-run: every case asked of the candidate and of the current version.
 * The run is kept by the server only for set-current's warning, which no list shows: nothing to invalidate.
 */
export function useTestRun() {
  return useMutation({
    mutationFn: async ({ agentId, version }: { agentId: string; version: number }) =>
      (
        await api.POST('/api/fine-tuning/agent-prompts/{agentId}/versions/{version}/test-run', {
          params: { path: { agentId, version } },
          signal: AbortSignal.timeout(TEST_RUN_TIMEOUT_MS),
        })
      ).data!,
  });
}
