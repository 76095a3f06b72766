import { randomUUID } from 'node:crypto';
import { type Artifact, type Message, type Part, Role, type TaskStatus, TaskState } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { Injectable, Logger } from '@nestjs/common';
import { InstanceBus } from '../../instance-bus/instance-bus';
import { AgentRunner, type AgentCallResult, type PreparedCall } from '../agent-runner';
import { A2aMessageWithoutTextError, callFailureOf } from '../publications.errors';
import { callerOf } from './a2a-caller';

/** How long a stream's text gathers before it goes out as one artifact chunk (and one task write). */
export const A2A_CHUNK_MS = 100;

const textPart = (text: string): Part => ({ content: { $case: 'text', value: text }, mediaType: 'text/plain', filename: '', metadata: undefined });

/** The message's text parts are the input; its JSON data parts, together, the context the model receives. */
function callOf(message: Message): { input: string; context?: Record<string, unknown> } {
  const texts: string[] = [];
  let context: Record<string, unknown> | undefined;
  for (const part of message.parts) {
    if (part.content?.$case === 'text' && part.content.value.trim()) texts.push(part.content.value);
    else if (part.content?.$case === 'data' && part.content.value && typeof part.content.value === 'object' && !Array.isArray(part.content.value)) {
      context = { ...context, ...(part.content.value as Record<string, unknown>) };
    }
  }
  if (texts.length === 0) throw new A2aMessageWithoutTextError();
  return { input: texts.join('\n\n'), ...(context ? { context } : {}) };
}

/** What invoke returns besides the text (usage, the version, the sources, the tools used): the artifact's metadata. */
function metadataOf(result: AgentCallResult): Record<string, unknown> {
  const { output: _output, ...rest } = result;
  return rest;
}

/**
 * A published agent behind the SDK's request handler: each message is one call of the agent with
 * the key's agent, prompt, documents and tools (AgentRunner, as invoke), published as a task:
 * submitted, working, its answer as the artifact 'respuesta' (in chunks when streaming), then
 * completed, or failed with our error's words. tasks/cancel stops the model.
 */
@Injectable()
export class A2aAgentExecutor implements AgentExecutor {
  private readonly logger = new Logger('Publications');
  /** The tasks running on this instance: what stops each, its context and its events. */
  private readonly running = new Map<string, { abort: AbortController; contextId: string; bus: ExecutionEventBus }>();

  constructor(
    private readonly runner: AgentRunner,
    instances: InstanceBus,
  ) {
    // Cancelled on another instance (the SDK's handler marks it so in the store): stopped here too.
    instances.subscribe('a2a.task-canceled', (taskId) => this.stop(taskId));
  }

  async execute(request: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const started = performance.now();
    const { key, streaming } = callerOf(request.context);
    const { taskId, contextId } = request;
    const status = (state: TaskState, text?: string): TaskStatus => ({
      state,
      message: text === undefined ? undefined : { messageId: randomUUID(), contextId, taskId, role: Role.ROLE_AGENT, parts: [textPart(text)], metadata: undefined, extensions: [], referenceTaskIds: [] },
      timestamp: new Date().toISOString(),
    });
    const update = (state: TaskState, text?: string) => bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status: status(state, text), metadata: undefined }));
    const abort = new AbortController();
    this.running.set(taskId, { abort, contextId, bus });
    bus.publish(AgentEvent.task({ id: taskId, contextId, status: status(TaskState.TASK_STATE_SUBMITTED), artifacts: [], history: [request.userMessage], metadata: undefined }));
    let call: PreparedCall | undefined;
    try {
      call = await this.runner.prepare(key, callOf(request.userMessage));
      update(TaskState.TASK_STATE_WORKING);
      const artifact = (text: string, append: boolean, lastChunk: boolean, metadata?: Record<string, unknown>) =>
        bus.publish(AgentEvent.artifactUpdate({ taskId, contextId, artifact: { artifactId: 'respuesta', name: 'respuesta', description: '', parts: [textPart(text)], metadata, extensions: [] } satisfies Artifact, append, lastChunk, metadata: undefined }));
      if (!streaming) {
        const result = await this.runner.run(call, abort.signal);
        artifact(result.output, false, true, metadataOf(result));
      } else {
        let pending = '';
        let sent = false;
        let lastSent = performance.now();
        for await (const event of this.runner.stream(call, abort.signal)) {
          if (event.type === 'delta') {
            pending += event.text;
            if (performance.now() - lastSent >= A2A_CHUNK_MS) {
              artifact(pending, sent, false);
              [pending, sent, lastSent] = ['', true, performance.now()];
            }
          } else if (event.type === 'done') artifact(pending, sent, true, metadataOf(event.result));
        }
      }
      update(TaskState.TASK_STATE_COMPLETED);
    } catch (error) {
      // Cancelled: stop has published its end.
      if (abort.signal.aborted) return;
      // Refused before the model was asked (a run counts its own failure).
      if (!call) this.runner.meterRefusal(key, error, performance.now() - started);
      update(TaskState.TASK_STATE_FAILED, callFailureOf(error, this.logger).message);
    } finally {
      this.running.delete(taskId);
    }
  }

  /** A task of this instance's handler: stopped if it runs here, and ended as cancelled. */
  cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    if (this.running.has(taskId)) this.stop(taskId);
    else bus.publish(AgentEvent.statusUpdate({ taskId, contextId: '', status: canceled(), metadata: undefined }));
    return Promise.resolve();
  }

  /** The model call of a task running here stops, and the task ends as cancelled. */
  private stop(taskId: string): void {
    const task = this.running.get(taskId);
    if (!task) return;
    this.running.delete(taskId);
    task.abort.abort();
    task.bus.publish(AgentEvent.statusUpdate({ taskId, contextId: task.contextId, status: canceled(), metadata: undefined }));
  }
}

const canceled = (): TaskStatus => ({ state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() });
