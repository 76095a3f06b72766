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
