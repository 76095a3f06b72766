import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { KnowledgeSourceDto } from '../../knowledge/dto/knowledge-source.dto';

// The answers of /api/v1 in the protocols its clients speak (OpenAI's chat completions, MCP's JSON-RPC).

export class OpenAiErrorDetailDto {
  @ApiProperty({ description: 'El mensaje en español' }) message: string;
  @ApiProperty({ example: 'invalid_request_error', description: 'El tipo de error de OpenAI según el código HTTP' }) type: string;
  @ApiProperty({ type: String, nullable: true, description: 'Siempre null' }) param: null;
  @ApiProperty({ type: String, nullable: true, example: 'invalid_api_key' }) code: string | null;
}

/** OpenAI's error body; statusCode and message are repeated at the top, as in the rest of the API. */
export class OpenAiErrorBodyDto {
  @ApiProperty({ type: OpenAiErrorDetailDto }) error: OpenAiErrorDetailDto;
  @ApiProperty() statusCode: number;
  @ApiProperty() message: string;
}

export class OpenAiModelDto {
  @ApiProperty({ description: 'El id del agente publicado' }) id: string;
  @ApiProperty({ enum: ['model'] }) object: 'model';
  @ApiProperty() created: number;
  @ApiProperty({ description: 'El nombre del producto' }) owned_by: string;
}

export class OpenAiModelListDto {
  @ApiProperty({ enum: ['list'] }) object: 'list';
  @ApiProperty({ type: [OpenAiModelDto] }) data: OpenAiModelDto[];
}

export class ChatCompletionContentPartDto {
  @ApiProperty({ enum: ['text'] }) type: 'text';
  @ApiProperty() text: string;
}

/** A message of the request, as the route reads it (other roles and parts are refused with a 400). */
export class ChatCompletionInputMessageDto {
  @ApiProperty({ enum: ['system', 'developer', 'user', 'assistant'] }) role: string;
  @ApiPropertyOptional({
    nullable: true,
    oneOf: [{ type: 'string' }, { type: 'array', items: { $ref: '#/components/schemas/ChatCompletionContentPartDto' } }],
  })
  content?: string | ChatCompletionContentPartDto[] | null;
}

export class ChatCompletionStreamOptionsDto {
  @ApiPropertyOptional({ description: 'Un último fragmento con el uso de tokens' }) include_usage?: boolean;
}

export class ChatCompletionUsageDto {
  @ApiProperty() prompt_tokens: number;
  @ApiProperty() completion_tokens: number;
  @ApiProperty() total_tokens: number;
}

export class ChatCompletionMessageDto {
  @ApiProperty({ enum: ['assistant'] }) role: 'assistant';
  @ApiProperty() content: string;
  @ApiProperty({ type: String, nullable: true, description: 'Siempre null' }) refusal: null;
}

export class ChatCompletionChoiceDto {
  @ApiProperty() index: number;
  @ApiProperty({ type: ChatCompletionMessageDto }) message: ChatCompletionMessageDto;
  @ApiProperty({ type: String, nullable: true, description: 'Siempre null' }) logprobs: null;
  @ApiProperty({ enum: ['stop'] }) finish_reason: 'stop';
}

/** A `chat.completion`, as OpenAI answers without streaming. */
export class ChatCompletionDto {
  @ApiProperty({ example: 'chatcmpl-…' }) id: string;
  @ApiProperty({ enum: ['chat.completion'] }) object: 'chat.completion';
  @ApiProperty({ description: 'Segundos desde 1970 (UTC)' }) created: number;
  @ApiProperty({ description: 'El id del agente' }) model: string;
  @ApiProperty({ type: [ChatCompletionChoiceDto] }) choices: ChatCompletionChoiceDto[];
  @ApiProperty({ type: ChatCompletionUsageDto }) usage: ChatCompletionUsageDto;
  @ApiProperty({ type: String, nullable: true, description: 'Siempre null' }) system_fingerprint: null;
  @ApiPropertyOptional({
    type: [KnowledgeSourceDto],
    description: 'Campo propio (no es de OpenAI), si el agente tiene documentos: los fragmentos que recibió para responder, con su documento y página',
  })
  sources?: KnowledgeSourceDto[];
}

export class JsonRpcErrorDetailDto {
  @ApiProperty({ example: -32600 }) code: number;
  @ApiProperty() message: string;
}

/** A JSON-RPC error the MCP route answers itself (a batch, a body or headers MCP refuses). */
export class JsonRpcErrorDto {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc: '2.0';
  @ApiProperty({ type: JsonRpcErrorDetailDto }) error: JsonRpcErrorDetailDto;
  @ApiProperty({ type: String, nullable: true, description: 'null: no se leyó el id del mensaje' }) id: null;
}

/** MCP's answer to one JSON-RPC request: its result (as MCP defines it for the method) or its error. */
export class JsonRpcResponseDto {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc: '2.0';
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'El id de la petición' }) id: string | number;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'El resultado que define MCP para el método (initialize, tools/list, tools/call…)' })
  result?: Record<string, unknown>;
  @ApiPropertyOptional({ type: JsonRpcErrorDetailDto }) error?: JsonRpcErrorDetailDto;
}

// A2A (issue 36): JSON-RPC at /api/a2a/{agentId}, as the official SDK (@a2a-js/sdk) speaks it.

/** The methods of an A2A 0.3 client (A2A 1.0 clients send SendMessage, SendStreamingMessage, GetTask, CancelTask…). */
export const A2A_METHODS = ['message/send', 'message/stream', 'tasks/get', 'tasks/cancel'] as const;

export class A2aJsonRpcRequestDto {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc: '2.0';
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }] }) id: string | number;
  @ApiProperty({ example: 'message/send', description: `A2A 0.3: ${A2A_METHODS.join(', ')}; A2A 1.0 (cabecera A2A-Version: 1.0): SendMessage, SendStreamingMessage, GetTask, CancelTask, ListTasks` })
  method: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Los parámetros del método según A2A: {message: {role, parts: [{kind: "text", text}], messageId}} o {id} de una tarea' })
  params: Record<string, unknown>;
}

export class A2aJsonRpcResultDto {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc: '2.0';
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }] }) id: string | number;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "Una tarea A2A: {id, contextId, status: {state, message?}, artifacts: [{artifactId: 'respuesta', parts, metadata: {agentId, version, usage, requestId, sources?, toolCalls?}}], history}",
  })
  result?: Record<string, unknown>;
  @ApiPropertyOptional({ type: JsonRpcErrorDetailDto, description: 'Tarea no encontrada (-32001), no cancelable (-32002), parámetros no válidos (-32602)…' })
  error?: JsonRpcErrorDetailDto;
}

export class A2aErrorDataDto {
  @ApiProperty({ example: 401 }) statusCode: number;
  @ApiProperty() message: string;
  @ApiProperty({ example: 'Unauthorized' }) error: string;
  @ApiPropertyOptional() code?: string;
}

export class A2aErrorDetailDto {
  @ApiProperty({ example: -32000, description: '-32602 (400), -32603 (5xx) o -32000 (la clave, los límites, la publicación)' }) code: number;
  @ApiProperty() message: string;
  @ApiProperty({ type: A2aErrorDataDto }) data: A2aErrorDataDto;
}

/** A refusal before the SDK answers: the HTTP status, with a JSON-RPC error as the body. */
export class A2aJsonRpcErrorDto {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc: '2.0';
  @ApiProperty({ type: A2aErrorDetailDto }) error: A2aErrorDetailDto;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], nullable: true }) id: string | number | null;
}

/** A published agent's Agent Card, as A2A 0.3 clients read it (with the 1.0 interfaces too). */
export class A2aAgentCardDto {
  @ApiProperty({ example: 'Abogada Laboral' }) name: string;
  @ApiProperty() description: string;
  @ApiProperty({ example: 'https://nova.example/api/a2a/a1b2c3', description: 'El endpoint JSON-RPC' }) url: string;
  @ApiProperty({ example: '0.3.0' }) protocolVersion: string;
  @ApiProperty({ example: 'JSONRPC' }) preferredTransport: string;
  @ApiProperty({ example: '3', description: 'La versión del prompt con que responde' }) version: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: '{streaming: true, pushNotifications: false}' }) capabilities: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: "{apiKey: {type: 'http', scheme: 'Bearer', …}}: la clave de la publicación" })
  securitySchemes: Record<string, unknown>;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: '[{apiKey: []}]' }) security: Record<string, unknown>[];
  @ApiProperty({ type: [String] }) defaultInputModes: string[];
  @ApiProperty({ type: [String] }) defaultOutputModes: string[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Las habilidades del agente: [{id, name, description, tags, examples}]' })
  skills: Record<string, unknown>[];
}
