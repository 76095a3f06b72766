import { randomUUID } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { isAdmin } from '../../common/access/access-policy';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ModelError, ModelGateway, ModelNotConfiguredError } from '../models/model-gateway';
import type { CaseOutcomeDto, DeletedTestCaseDto, ExpectationDto, SaveTestCaseDto, TestCaseDto, TestRunDto } from './dto/prompts.dto';
import { PromptTestCase } from './entities/prompt-test-case.entity';
import { PromptTestRun } from './entities/prompt-test-run.entity';
import { isForeignKeyViolation } from '../../database/database-errors';
import { askModel } from './model-reply';
import { PromptAccess } from './prompt-access';
import { PromptVersionStore } from './prompt-version-store';
import {
  InvalidPatternError,
  NoTestCasesError,
  PromptNotFoundError,
  PromptVersionNotFoundError,
  TestCaseNotFoundError,
  TooManyTestCasesError,
} from './prompts.errors';
import { FORM_LIMITS } from '../../common/validation/form-limits';

/** A small set: a run is two model calls per case. */
export const MAX_TEST_CASES = FORM_LIMITS.prompt.testCases.max;
/** Model calls of one run in flight at once, so that a run does not monopolise the provider. */
const RUN_CONCURRENCY = 3;
export const TEST_CASE_TIMEOUT_MS = 60_000;
/** A user pattern runs in a separate context with this time-out, so a catastrophic one cannot block the server. */
const PATTERN_TIMEOUT_MS = 100;
const OUTPUT_MAX_LENGTH = 20_000;

function expectationOf(testCase: PromptTestCase): ExpectationDto | null {
  return testCase.expectationKind && testCase.expectationValue !== null
    ? { kind: testCase.expectationKind, value: testCase.expectationValue }
    : null;
}

function toDto(testCase: PromptTestCase): TestCaseDto {
  return {
    id: testCase.id,
    agentId: testCase.agentId,
    question: testCase.question,
    expectation: expectationOf(testCase),
    createdAt: testCase.createdAt,
  };
}

function matchesPattern(pattern: string, text: string): boolean {
  try {
    return runInNewContext('new RegExp(pattern, "i").test(text)', { pattern, text }, { timeout: PATTERN_TIMEOUT_MS }) === true;
  } catch {
    return false;
  }
}

/** Whether an answer meets the expectation; with none, any answer passes. Case-insensitive. */
export function meetsExpectation(output: string, expectation: ExpectationDto | null): boolean {
  if (output.trim() === '') return false;
  if (!expectation) return true;
  const contains = output.toLocaleLowerCase('es').includes(expectation.value.toLocaleLowerCase('es'));
  switch (expectation.kind) {
    case 'contains':
      return contains;
    case 'not-contains':
      return !contains;
    case 'matches':
      return matchesPattern(expectation.value, output);
  }
}

/** Runs `work` on every item, at most `limit` at a time, keeping the order of the results. */
async function mapWithLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** An agent's test cases, and runs of a candidate prompt version against the current one (issue 13, item 7). */
@Injectable()
export class PromptTestsService {
  constructor(
    @InjectRepository(PromptTestCase) private readonly cases: Repository<PromptTestCase>,
    @InjectRepository(PromptTestRun) private readonly runs: Repository<PromptTestRun>,
    private readonly access: PromptAccess,
    private readonly store: PromptVersionStore,
    private readonly gateway: ModelGateway,
  ) {}

  async list(identity: VerifiedIdentity, agentId: string): Promise<TestCaseDto[]> {
    await this.access.modifiableAgent(identity, agentId);
    return (await this.casesOf(agentId)).map(toDto);
  }

  async add(identity: VerifiedIdentity, agentId: string, body: SaveTestCaseDto): Promise<TestCaseDto> {
    await this.access.modifiableAgent(identity, agentId);
    assertValidExpectation(body.expectation);
    // Two additions racing past the count may leave one case over the limit: harmless.
    if ((await this.cases.countBy({ agentId })) >= MAX_TEST_CASES) throw new TooManyTestCasesError(MAX_TEST_CASES);
    const id = randomUUID();
    await this.cases.insert({
      id,
      agentId,
      question: body.question,
      expectationKind: body.expectation?.kind ?? null,
      expectationValue: body.expectation?.value ?? null,
      createdAt: new Date(),
    });
    return toDto(await this.cases.findOneByOrFail({ id }));
  }

  async update(identity: VerifiedIdentity, agentId: string, caseId: string, body: SaveTestCaseDto): Promise<TestCaseDto> {
    await this.access.modifiableAgent(identity, agentId);
    assertValidExpectation(body.expectation);
    const testCase = await this.existing(agentId, caseId);
    testCase.question = body.question;
    testCase.expectationKind = body.expectation?.kind ?? null;
    testCase.expectationValue = body.expectation?.value ?? null;
    await this.cases.save(testCase);
    return toDto(testCase);
  }

  async remove(identity: VerifiedIdentity, agentId: string, caseId: string): Promise<DeletedTestCaseDto> {
    await this.access.modifiableAgent(identity, agentId);
    const testCase = await this.existing(agentId, caseId);
    await this.cases.delete({ id: testCase.id });
    return { success: true, id: testCase.id };
  }

  /** For set-current: the totals of the version's last run, if it has been tried. */
  lastRun(agentId: string, version: number): Promise<PromptTestRun | null> {
    return this.runs.findOneBy({ agentId, version });
  }

  /**
   * Asks every test question of the candidate version and of the current one, and keeps the
   * totals (set-current warns on them). A model failure or time-out fails that case only.
   */
  async run(identity: VerifiedIdentity, agentId: string, version: number): Promise<TestRunDto> {
    const agent = await this.access.modifiableAgent(identity, agentId);
    const [candidate, current, cases] = await Promise.all([
      this.store.find(agentId, version),
      this.store.current(agentId),
      this.casesOf(agentId),
    ]);
    if (!candidate) throw new PromptVersionNotFoundError();
    if (!current) throw new PromptNotFoundError();
    if (cases.length === 0) throw new NoTestCasesError();
    if (!this.gateway.isConfigured('agent')) throw ModelNotConfiguredError.for(isAdmin(identity));

    const prompts = candidate.version === current.version ? [candidate.prompt] : [candidate.prompt, current.prompt];
    const questions = cases.flatMap((testCase) => prompts.map((systemPrompt) => ({ testCase, systemPrompt })));
    const outcomes = await mapWithLimit(questions, RUN_CONCURRENCY, ({ testCase, systemPrompt }) =>
      this.answer(systemPrompt, testCase, agent.modelId ?? undefined),
    );
    const results = cases.map((testCase, index) => {
      const candidateOutcome = outcomes[index * prompts.length];
      return {
        testCaseId: testCase.id,
        question: testCase.question,
        expectation: expectationOf(testCase),
        candidate: candidateOutcome,
        current: outcomes[index * prompts.length + prompts.length - 1] ?? candidateOutcome,
      };
    });
    const run = {
      agentId,
      version: candidate.version,
      currentVersion: current.version,
      total: cases.length,
      candidatePassed: results.filter((result) => result.candidate.passed).length,
      currentPassed: results.filter((result) => result.current.passed).length,
      ranAt: new Date(),
    };
    // Upsert; a version deleted meanwhile (the foreign key) leaves nothing to warn about.
    await this.runs.upsert(run, ['agentId', 'version']).catch((error: unknown) => {
      if (!isForeignKeyViolation(error)) throw error;
    });
    const { version: candidateVersion, ...totals } = run;
    return { ...totals, candidateVersion, results };
  }

  private async answer(systemPrompt: string, testCase: PromptTestCase, modelId: string | undefined): Promise<CaseOutcomeDto> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TEST_CASE_TIMEOUT_MS);
    try {
      const output = (await askModel(this.gateway, { systemPrompt, message: testCase.question, modelId, signal: controller.signal })).slice(
        0,
        OUTPUT_MAX_LENGTH,
      );
      return { output, passed: meetsExpectation(output, expectationOf(testCase)) };
    } catch (error) {
      if (controller.signal.aborted) return { output: '', passed: false, error: `El modelo no ha respondido en ${TEST_CASE_TIMEOUT_MS / 1000} s.` };
      if (error instanceof ModelError) return { output: '', passed: false, error: error.message };
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private casesOf(agentId: string): Promise<PromptTestCase[]> {
    return this.cases.find({ where: { agentId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  private async existing(agentId: string, caseId: string): Promise<PromptTestCase> {
    const testCase = await this.cases.findOneBy({ id: caseId, agentId });
    if (!testCase) throw new TestCaseNotFoundError();
    return testCase;
  }
}

function assertValidExpectation(expectation: ExpectationDto | null | undefined): void {
  if (expectation?.kind !== 'matches') return;
  try {
    new RegExp(expectation.value, 'i');
  } catch {
    throw new InvalidPatternError();
  }
}
