import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { isAdmin } from '../../common/access/access-policy';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AgentsService } from '../agents/agents.service';
import { agentInference } from '../agents/agent-inference';
import type { Agent } from '../agents/entities/agent.entity';
import { type ChatContext, ConversationsService, type NewMessage } from '../conversations/conversations.service';
import type { Conversation } from '../conversations/entities/conversation.entity';
import type { Message, MessageMetadata, MessageStatus } from '../conversations/entities/message.entity';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import {
  type ChatTurn,
  type ModelAudience,
  ModelError,
  ModelGateway,
  ModelNotConfiguredError,
  ModelProviderError,
  type ModelRequest,
  type TokenUsage,
} from '../models/model-gateway';
import { attachmentsBlock } from '../attachments/attachment-search';
import { AttachmentsService } from '../attachments/attachments.service';
import { KnowledgeService } from '../knowledge/knowledge.service';
import { type KnowledgeSource, knowledgeBlock } from '../knowledge/knowledge-sources';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { AgentTool } from '../tools/agent-toolbox';
import { type ToolArguments, type ToolCallRecord, ToolLoop, type ToolLoopState } from '../tool-calling/tool-loop';
import { AssistantPromptsService } from './assistant-prompts.service';
import { boundedHistory, HISTORY_MAX_TURNS } from './chat-history';
import { ToolConfirmationAnsweredError, ToolConfirmationNotFoundError, UnknownModelError } from './chat.errors';
import type { AgentChatDto, ChatReplyDto, ModelChatDto, ToolConfirmationDto } from './dto/chat.dto';

/** A chat call checked and ready to ask the model. */
export interface PreparedChat {
  conversation: Conversation;
  /** The user's message: stored already when it is a resend, else stored while the model starts (with the files it sends). */
  question: Pick<Message, 'id' | 'role' | 'content' | 'timestamp'> & { metadata?: MessageMetadata | null };
  questionStored: boolean;
  replyId: string;
  audience: ModelAudience;
  systemPrompt?: string;
  modelId?: string;
  /** The agent's temperature and longest answer, when its creator set them. */
  inference?: Pick<ModelRequest, 'temperature' | 'maxTokens'>;
  history: ChatTurn[];
  agent?: Pick<Agent, 'id' | 'name'>;
  /**
   * The passages the model was given (issue 32): the agent's documents', then the conversation's
   * attachments'; sent as the `sources` event and kept with the reply.
   */
  sources?: KnowledgeSource[];
  /** An admin is told how to configure a missing model; a user only that the assistant is not available. */
  callerIsAdmin: boolean;
  /** The agent's tools (issue 33): with some, the turn runs the tool-calling loop. */
  tools?: AgentTool[];
  /** A paused turn taken up again: its stored reply (updated, not inserted), state and the user's answer. */
  resume?: { message: Message; state: ToolLoopState; callId: string; allow: boolean };
}

/** A tool call as the chat's `tool_call` event shows it. */
export interface ToolCallView {
  id: string;
  tool: string;
  sourceName: string;
  arguments: ToolArguments;
}

/** What a user is told when no model can answer; the configuration hint is for admins only. */

export type ChatEvent =
  | { type: 'start'; conversationId: string; messageId: string; userMessageId: string }
  | { type: 'delta'; text: string }
  | { type: 'sources'; sources: KnowledgeSource[] }
  | { type: 'tool_call'; call: ToolCallView }
  | { type: 'tool_result'; result: { id: string; ok: boolean; output: string; note?: string } }
  | { type: 'tool_confirmation'; confirmation: ToolCallView & { agentName: string } }
  | { type: 'done'; reply: ChatReplyDto };

/**
 * One message of a chat: the model is asked and the user's message is stored (idempotent by its
 * client id) while the model prepares its first token; the reply streams once the message is
 * stored, and is stored itself when it is complete or when the user leaves (status 'stopped',
 * with what had arrived). A provider error leaves the user's message stored, so it can be resent
 * with the same id.
 */
@Injectable()
export class ChatService {
  private readonly logger = new Logger('Chat');

  constructor(
    private readonly conversations: ConversationsService,
    private readonly agents: AgentsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly assistantPrompts: AssistantPromptsService,
    private readonly gateway: ModelGateway,
    private readonly knowledge: KnowledgeService,
    private readonly attachments: AttachmentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly toolLoop: ToolLoop,
  ) {}

  /**
   * POST /bedrock/agents/chat. A marketplace agent (the body's agentId, else the conversation's)
   * answers with its own prompt and model once the caller may chat with it; without one the main
   * assistant answers. An agentId sent with an agentAliasId names the Bedrock agent of the main
   * assistant in the contract; the server uses the one it is configured with.
   */
  async prepareAgentChat(identity: VerifiedIdentity, body: AgentChatDto): Promise<PreparedChat> {
    const question = questionOf(body);
    const requestedAgentId = body.agentId !== undefined && body.agentAliasId === undefined ? body.agentId : undefined;
    // Independent reads go together (one database round trip instead of several); the main
    // assistant's prompt is read on the chance that it answers, and dropped when an agent does.
    const userPrompt =
      requestedAgentId === undefined && body.systemPrompt === undefined ? this.assistantPrompts.customPrompt(identity.sub) : undefined;
    userPrompt?.catch(() => undefined);
    const [conversation, context] = await Promise.all([
      this.conversations.findOwned(identity, body.conversationId),
      this.conversations.chatContext(body.conversationId, question.id, HISTORY_MAX_TURNS),
    ]);
    const { metadata } = conversation;
    const agentId =
      requestedAgentId ?? (metadata.agentId && !metadata.useBedrockAgent && !metadata.isCreatorAgent ? metadata.agentId : undefined);

    if (agentId === undefined) {
      await this.attachFiles(identity, conversation, question, context, body.fileIds);
      const attached = await this.attachments.forConversation(conversation.id, question.content);
      let systemPrompt = body.systemPrompt ?? (await (userPrompt ?? this.assistantPrompts.customPrompt(identity.sub))) ?? undefined;
      // With attachments the assistant's instructions are written out (the gateway would add its
      // defaults only to a request without any), and the passages follow them.
      if (attached) systemPrompt = `${systemPrompt ?? (await this.assistantPrompts.promptInForce(identity.sub))}\n\n${attachmentsBlock(attached.passages)}`;
      return this.prepare(identity, conversation, question, context, {
        audience: 'main-assistant',
        systemPrompt,
        ...(attached ? { sources: attached.sources } : {}),
      });
    }

    const agent = await this.agents.findVisible(identity, agentId);
    // The agent's passages for the question are looked up together (one cheap check without documents).
    const [, agentPrompt, knowledge, tools] = await Promise.all([
      this.subscriptions.assertMayChat(identity, agent),
      this.agents.promptFor(agent.id),
      this.knowledge.forAnswer(agent.id, question.content).catch((error: unknown) => {
        // The agent still answers, without its documents, rather than not at all.
        this.logger.error(`No se pudieron buscar los documentos del agente ${agent.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return null;
      }),
      // With tools and documents, the documents' search is one more tool.
      this.toolLoop.toolsFor(agent.id),
    ]);
    // Only once the caller may chat with the agent: the files they attach are read for it.
    await this.attachFiles(identity, conversation, question, context, body.fileIds);
    const attached = await this.attachments.forConversation(conversation.id, question.content);
    const instructions = agentPrompt ?? fallbackAgentPrompt(agent);
    // The passages go after the agent's instructions, quoted as data with their source: the
    // agent's documents, then the user's files.
    const blocks = [instructions];
    if (knowledge) blocks.push(knowledgeBlock(knowledge.passages));
    if (attached) blocks.push(attachmentsBlock(attached.passages, (knowledge?.passages.length ?? 0) + 1));
    const sources = [...(knowledge?.sources ?? []), ...(attached?.sources ?? [])];
    return this.prepare(identity, conversation, question, context, {
      audience: 'agent',
      systemPrompt: blocks.join('\n\n'),
      ...(sources.length > 0 ? { sources } : {}),
      modelId: agent.modelId ?? undefined,
      inference: agentInference(agent),
      agent: { id: agent.id, name: agent.name },
      ...(tools.length > 0 ? { tools } : {}),
    });
  }

  /**
   * POST /bedrock/agents/chat/confirmation: the user allows or refuses the tool call a reply of
   * theirs waits for. The turn is prepared again from its stored question (the agent's prompt,
   * documents and history as they are now) and the reply is claimed in the database (one answer
   * wins, whichever instance gets it); `run` then goes on from the stored loop state.
   */
  async prepareConfirmation(identity: VerifiedIdentity, body: ToolConfirmationDto): Promise<PreparedChat> {
    const conversation = await this.conversations.findOwned(identity, body.conversationId);
    // Without a model the turn could not go on: the call stays waiting (nothing is claimed).
    if (!this.gateway.isConfigured('agent')) throw ModelNotConfiguredError.for(isAdmin(identity));
    const messages = await this.conversations.orderedMessages(conversation.id);
    // The reply that made the call (the newest, should a provider reuse ids): waiting for it, or
    // (answered already) keeping it among its calls.
    const paused = [...messages].reverse().find(
      (message) =>
        message.role === 'assistant' &&
        (message.metadata?.toolConfirmation?.id === body.callId || message.metadata?.toolCalls?.some((call) => call.id === body.callId)),
    );
    const state = paused?.metadata?.toolConfirmation?.id === body.callId ? paused.metadata.toolLoop : undefined;
    if (!paused?.metadata?.agentId) throw new ToolConfirmationNotFoundError();
    if (!state?.pending) throw new ToolConfirmationAnsweredError();
    const question = messages.find((message) => message.id === state.questionId && message.role === 'user');
    if (!question) throw new ToolConfirmationNotFoundError();
    const chat = await this.prepareAgentChat(identity, {
      conversationId: conversation.id,
      message: question.content,
      messageId: question.id,
      agentId: paused.metadata.agentId,
    });
    const claimed = await this.conversations.swapMessageMetadata(conversation.id, paused.id, (stored) => {
      if (!stored.toolLoop?.pending || stored.toolConfirmation?.id !== body.callId) return null;
      const { toolConfirmation: _answered, toolLoop: _state, ...rest } = stored;
      return rest;
    });
    if (!claimed) throw new ToolConfirmationAnsweredError();
    return { ...chat, replyId: paused.id, resume: { message: paused, state, callId: body.callId, allow: body.allow } };
  }

  /**
   * Attaches the files a turn sends to its conversation (AttachmentsService.attach), and names
   * them on the user's message. When one cannot be attached (another user's, an image, a file the
   * parser cannot read) the turn is answered with that error, and the user's message is kept, as
   * when the model fails: a reload still shows it, and it can be resent (with another file, or none).
   */
  private async attachFiles(
    identity: VerifiedIdentity,
    conversation: Conversation,
    question: NewMessage,
    context: ChatContext,
    fileIds: string[] | undefined,
  ): Promise<void> {
    if (!fileIds || fileIds.length === 0) return;
    try {
      const attachments = await this.attachments.attach(identity, conversation.id, fileIds);
      question.metadata = { ...question.metadata, attachments };
    } catch (error) {
      await this.storeQuestion(this.prepare(identity, conversation, question, context, { audience: 'agent' }));
      throw error;
    }
  }

  /**
   * POST /bedrock/models/chat: a model directly (the body's modelId or the configured one), no
   * agent. The body may only name a model the deployment serves (UnknownModelError otherwise).
   */
  async prepareModelChat(identity: VerifiedIdentity, body: ModelChatDto): Promise<PreparedChat> {
    const question = questionOf(body);
    const [conversation, context, systemPrompt] = await Promise.all([
      this.conversations.findOwned(identity, body.conversationId),
      this.conversations.chatContext(body.conversationId, question.id, HISTORY_MAX_TURNS),
      // The 'agent' audience gets no default instructions from the gateway, so the main assistant's go.
      body.systemPrompt ?? this.assistantPrompts.promptInForce(identity.sub),
    ]);
    const modelId = body.modelId === undefined ? undefined : await this.servedModel(identity, conversation, body.modelId);
    return this.prepare(identity, conversation, question, context, { audience: 'agent', systemPrompt, modelId });
  }

  /**
   * The model a client named, when this deployment serves it: the configured provider's model
   * (BEDROCK_MODEL_ID or OPENAI_MODEL) or, in a conversation on an agent the caller may see, the
   * agent's own.
   */
  private async servedModel(identity: VerifiedIdentity, conversation: Conversation, modelId: string): Promise<string> {
    const { provider, bedrock, openAi } = this.config.models;
    const available = [provider === 'openai-compatible' && openAi ? openAi.model : bedrock.modelId];
    const { agentId } = conversation.metadata;
    if (!available.includes(modelId) && agentId) {
      const agentModel = (await this.agents.findVisibleMany(identity, [agentId])).get(agentId)?.modelId;
      if (agentModel) available.push(agentModel);
    }
    if (!available.includes(modelId)) throw new UnknownModelError(available);
    return modelId;
  }

  /**
   * Asks the model and stores its reply; throws a ModelError (Spanish) when the provider fails.
   * The request leaves first and the question is written while the model prepares its answer;
   * the reply is stored, and `done` sent, only once the question is stored.
   */
  async *run(chat: PreparedChat, signal: AbortSignal): AsyncGenerator<ChatEvent> {
    if (chat.agent && (chat.tools || chat.resume) && this.gateway.isConfigured(chat.audience)) {
      yield* this.runWithTools(chat, chat.agent, signal);
      return;
    }
    if (!this.gateway.isConfigured(chat.audience)) {
      yield this.startEvent(chat);
      await this.storeQuestion(chat);
      yield* this.notConfigured(chat);
      return;
    }

    // The model's own signal, so that a question that cannot be stored also stops the model.
    const model = new AbortController();
    const stopModel = () => model.abort();
    signal.addEventListener('abort', stopModel, { once: true });
    const iterator = this.gateway
      .stream({
        audience: chat.audience,
        sessionId: chat.conversation.id,
        message: chat.question.content,
        history: chat.history,
        systemPrompt: chat.systemPrompt,
        modelId: chat.modelId,
        ...chat.inference,
        signal: model.signal,
      })
      [Symbol.asyncIterator]();
    let pending = iterator.next();
    // Handled in the loop below; until then a failure must not count as unhandled.
    pending.catch(() => undefined);
    // The request is written on a later tick; SQLite's writes (and the start event) would hold it
    // back, as they hold the whole event loop, so they wait one turn of the loop.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const questionStored = this.storeQuestion(chat);
    questionStored.catch(stopModel);
    yield this.startEvent(chat);

    let text = '';
    let usage: TokenUsage | undefined;
    // The provider that answered: with several configured, an agent's model picks it, not the first.
    let servedBy: string | undefined;
    try {
      // Leaving aborts the model's signal, and the gateway stops waiting at once (ModelAbortedError).
      for (;;) {
        const next = await pending;
        if (next.done) break;
        if (next.value.type === 'delta') {
          text += next.value.text;
          yield { type: 'delta', text: next.value.text };
        } else if (next.value.type === 'done') {
          usage = next.value.usage;
          servedBy = next.value.provider;
        }
        pending = iterator.next();
      }
    } catch (error) {
      // When the question could not be stored, that is the error to report: it stopped the model.
      await questionStored;
      if (!signal.aborted) {
        if (error instanceof ModelNotConfiguredError) {
          yield* this.notConfigured(chat);
          return;
        }
        throw this.toModelError(error);
      }
    } finally {
      signal.removeEventListener('abort', stopModel);
    }

    await questionStored;
    if (signal.aborted) {
      if (text !== '') await this.storeReply(chat, text, 'stopped', usage);
      return;
    }
    const reply = await this.storeReply(chat, text, 'complete', usage);
    if (chat.sources) yield { type: 'sources', sources: chat.sources };
    yield { type: 'done', reply: this.toReply(chat, reply, servedBy) };
  }

  /**
   * A turn with tools (issue 33): the loop's text streams as deltas, each call as `tool_call` and
   * `tool_result`; a call that needs the user's confirmation stores the reply with the loop's
   * state and ends the stream with `tool_confirmation` and `done`. The reply keeps its calls
   * (metadata.toolCalls). A resumed turn updates its stored reply instead of adding one.
   */
  private async *runWithTools(chat: PreparedChat, agent: NonNullable<PreparedChat['agent']>, signal: AbortSignal): AsyncGenerator<ChatEvent> {
    const questionStored = this.storeQuestion(chat);
    questionStored.catch(() => undefined);
    yield this.startEvent(chat);
    await questionStored;
    let state: ToolLoopState | undefined = chat.resume?.state;
    let servedBy: string | undefined;
    let paused: ToolCallRecord | undefined;
    try {
      for await (const event of this.toolLoop.run({
        agentId: agent.id,
        request: {
          audience: chat.audience,
          sessionId: chat.conversation.id,
          message: chat.question.content,
          history: chat.history,
          systemPrompt: chat.systemPrompt,
          modelId: chat.modelId,
          ...chat.inference,
        },
        tools: chat.tools ?? [],
        policy: 'ask',
        ...(chat.resume ? { resume: { state: chat.resume.state, callId: chat.resume.callId, allow: chat.resume.allow } } : {}),
        signal,
      })) {
        if (event.type === 'delta') yield { type: 'delta', text: event.text };
        else if (event.type === 'tool_call') yield { type: 'tool_call', call: callView(event.record) };
        else if (event.type === 'tool_result') {
          const { id, ok, output, note } = event.record;
          yield { type: 'tool_result', result: { id, ok: ok ?? false, output: output ?? '', ...(note ? { note } : {}) } };
        } else if (event.type === 'confirmation') {
          state = event.state;
          paused = event.record;
        } else {
          state = event.state;
          servedBy = event.provider;
        }
      }
    } catch (error) {
      if (!signal.aborted) throw this.toModelError(error);
    }
    if (!state) return;
    if (signal.aborted && !paused) {
      if (state.text !== '') await this.storeToolReply(chat, state, 'stopped');
      return;
    }
    const confirmation = paused ? { ...callView(paused), agentName: agent.name } : undefined;
    const reply = await this.storeToolReply(chat, state, 'complete', confirmation);
    if (confirmation) yield { type: 'tool_confirmation', confirmation };
    if (chat.sources) yield { type: 'sources', sources: chat.sources };
    yield { type: 'done', reply: this.toReply(chat, reply, servedBy) };
  }

  /** Stores (or, resumed, updates) a reply made with tools, with its calls and, paused, the loop's state. */
  private async storeToolReply(
    chat: PreparedChat,
    state: ToolLoopState,
    status: MessageStatus,
    confirmation?: NonNullable<MessageMetadata['toolConfirmation']>,
  ): Promise<Message> {
    const metadata: MessageMetadata = {
      agentId: chat.agent?.id,
      agentName: chat.agent?.name,
      ...(chat.sources ? { sources: chat.sources } : {}),
      ...(state.records.length > 0 ? { toolCalls: state.records } : {}),
      ...(confirmation ? { toolConfirmation: confirmation, toolLoop: { ...state, questionId: chat.question.id } } : {}),
    };
    const usage = state.usage.inputTokens > 0 || state.usage.outputTokens > 0 ? state.usage : null;
    if (chat.resume) {
      return this.conversations.updateReply(chat.resume.message, { content: state.text, status, metadata, modelId: this.modelIdFor(chat), usage });
    }
    const timestamp = new Date(Math.max(Date.now(), chat.question.timestamp.getTime() + 1));
    return this.conversations.insertMessage(chat.conversation, {
      id: chat.replyId,
      role: 'assistant',
      content: state.text,
      timestamp,
      metadata,
      status,
      modelId: this.modelIdFor(chat),
      usage,
    });
  }

  /** A resend (a message already stored under the client's id) must say the same (409 otherwise). */
  private prepare(
    identity: VerifiedIdentity,
    conversation: Conversation,
    question: NewMessage,
    context: ChatContext,
    target: Pick<PreparedChat, 'audience' | 'systemPrompt' | 'modelId' | 'inference' | 'agent' | 'sources'>,
  ): PreparedChat {
    const sentBefore = context.sentBefore && this.conversations.sameMessage(context.sentBefore, question);
    return {
      conversation,
      question: sentBefore ?? { ...question, timestamp: new Date() },
      questionStored: sentBefore !== null,
      replyId: randomUUID(),
      history: boundedHistory(context.history),
      callerIsAdmin: isAdmin(identity),
      ...target,
    };
  }

  private async storeQuestion(chat: PreparedChat): Promise<void> {
    if (!chat.questionStored) await this.conversations.insertMessage(chat.conversation, chat.question);
  }

  private startEvent(chat: PreparedChat): ChatEvent {
    return { type: 'start', conversationId: chat.conversation.id, messageId: chat.replyId, userMessageId: chat.question.id };
  }

  /**
   * No model can answer: the user is told so as the assistant's reply, and an admin also how to
   * configure one (environment variables mean nothing to a user). It is stored with status
   * 'failed' so that it is still there after a reload but never goes back to a model as history.
   */
  private async *notConfigured(chat: PreparedChat): AsyncGenerator<ChatEvent> {
    const notice = ModelNotConfiguredError.for(chat.callerIsAdmin).message;
    yield { type: 'delta', text: notice };
    const reply = await this.storeReply(chat, notice, 'failed', undefined);
    yield { type: 'done', reply: this.toReply(chat, reply) };
  }

  private storeReply(chat: PreparedChat, content: string, status: MessageStatus, usage: TokenUsage | undefined): Promise<Message> {
    const sources = chat.sources && status !== 'failed' ? { sources: chat.sources } : {};
    const metadata: MessageMetadata | null = chat.agent
      ? { agentId: chat.agent.id, agentName: chat.agent.name, ...sources }
      : 'sources' in sources
        ? sources
        : null;
    // Never before the message it answers, whatever the client's clock said.
    const timestamp = new Date(Math.max(Date.now(), chat.question.timestamp.getTime() + 1));
    return this.conversations.insertMessage(chat.conversation, {
      id: chat.replyId,
      role: 'assistant',
      content,
      timestamp,
      metadata,
      status,
      modelId: status === 'failed' ? null : this.modelIdFor(chat),
      usage: usage ?? null,
    });
  }

  private toReply(chat: PreparedChat, reply: Message, servedBy?: string): ChatReplyDto {
    const failed = reply.status === 'failed';
    return {
      message: reply.content,
      completion: reply.content,
      messageId: reply.id,
      conversationId: chat.conversation.id,
      suggestedActions: [],
      suggestedQuestions: [],
      metadata: {
        modelProvider: failed ? 'none' : (servedBy ?? this.providerName(chat)),
        modelId: failed ? null : this.modelIdFor(chat),
        usage:
          reply.inputTokens !== null || reply.outputTokens !== null
            ? { inputTokens: reply.inputTokens ?? 0, outputTokens: reply.outputTokens ?? 0 }
            : null,
        status: reply.status,
        userMessageId: chat.question.id,
        ...(chat.agent ? { agentId: chat.agent.id, agentName: chat.agent.name } : {}),
        ...(chat.sources && !failed ? { sources: chat.sources } : {}),
        ...(reply.metadata?.toolCalls ? { toolCalls: reply.metadata.toolCalls } : {}),
        ...(reply.metadata?.toolConfirmation ? { toolConfirmation: reply.metadata.toolConfirmation } : {}),
      },
    };
  }

  /**
   * When the gateway did not say who answered: the first configured provider ('bedrock',
   * 'openai-compatible'), else the conversation's own setting.
   */
  private providerName(chat: PreparedChat): string {
    const configured = this.config.models.provider;
    return configured !== 'none' ? configured : (chat.conversation.metadata.modelProvider ?? 'bedrock');
  }

  /** The model that was asked: the requested one, else the provider's configured default. */
  private modelIdFor(chat: PreparedChat): string | null {
    if (chat.modelId) return chat.modelId;
    const models = this.config.models;
    if (models.provider === 'openai-compatible') return models.openAi?.model ?? null;
    if (chat.audience === 'main-assistant' && models.bedrockAgent) return null;
    return models.bedrock?.modelId ?? null;
  }

  private toModelError(error: unknown): ModelError {
    if (error instanceof ModelError) return error;
    this.logger.error(`Error inesperado del modelo: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return new ModelProviderError();
  }
}

function callView(record: ToolCallRecord): ToolCallView {
  return { id: record.id, tool: record.tool, sourceName: record.sourceName, arguments: record.arguments };
}

function questionOf(body: { message: string; messageId?: string }): NewMessage & { role: 'user' } {
  return { id: body.messageId ?? randomUUID(), role: 'user', content: body.message };
}

/** For an agent saved without a prompt: at least who it is and what it is for. */
function fallbackAgentPrompt(agent: Pick<Agent, 'name' | 'description'>): string {
  return `Eres ${agent.name}. ${agent.description}\nResponde siempre en español.`;
}
