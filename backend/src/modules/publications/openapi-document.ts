import type { ApiPublication } from './entities/api-publication.entity';
import { endpointsOf } from './publications.service';

/**
 * The OpenAPI 3.1 document of one publication: its invoke call and the OpenAI-compatible calls,
 * named and described as the publication is, for builders to generate a client from.
 */
export function publicationOpenApi(publication: ApiPublication, baseUrl: string): Record<string, unknown> {
  const endpoints = endpointsOf(publication);
  const error = { $ref: '#/components/schemas/Error' };
  const errors = {
    '400': { description: 'Cuerpo no válido', content: { 'application/json': { schema: error } } },
    '401': { description: 'Falta la clave de API, no es válida, está revocada o ha caducado', content: { 'application/json': { schema: error } } },
    '403': { description: 'La clave es de otra publicación', content: { 'application/json': { schema: error } } },
    '404': { description: 'Publicación desactivada o archivo no encontrado', content: { 'application/json': { schema: error } } },
    '429': {
      description: 'Límite por minuto o cuota mensual de la clave superados (Retry-After: segundos)',
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
      content: { 'application/json': { schema: error } },
    },
  };
  const sources = { $ref: '#/components/schemas/Sources' };
  const rateHeaders = {
    'RateLimit-Policy': { schema: { type: 'string' }, description: 'p. ej. "per-key";q=60;w=60' },
    RateLimit: { schema: { type: 'string' }, description: 'p. ej. "per-key";r=59;t=42' },
  };
  return {
    openapi: '3.1.0',
    info: { title: publication.name, description: publication.description, version: publication.pinnedVersion === null ? 'current' : String(publication.pinnedVersion) },
    servers: [{ url: baseUrl }],
    security: [{ bearer: [] }, { apiKey: [] }],
    paths: {
      [endpoints.invoke]: {
        post: {
          operationId: 'invoke',
          summary: `Pregunta a ${publication.name}`,
          description: 'Con «Accept: text/event-stream» responde con eventos start, delta {text}, done {…respuesta} o error {message, statusCode}.',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['input'],
                  properties: {
                    input: { type: 'string', description: 'Lo que se le pide al agente' },
                    context: { type: 'object', additionalProperties: true, description: 'JSON libre que recibe el modelo' },
                    fileIds: { type: 'array', items: { type: 'string' }, description: 'Archivos del dueño de la publicación' },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'La respuesta del agente',
              headers: rateHeaders,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      output: { type: 'string' },
                      agentId: { type: 'string' },
                      version: { type: ['integer', 'null'] },
                      usage: { type: 'object', properties: { inputTokens: { type: 'integer' }, outputTokens: { type: 'integer' } } },
                      requestId: { type: 'string' },
                      sources,
                    },
                  },
                },
                'text/event-stream': { schema: { type: 'string' } },
              },
            },
            ...errors,
          },
        },
      },
      [endpoints.chatCompletions]: {
        post: {
          operationId: 'createChatCompletion',
          summary: 'Compatible con la API de chat completions de OpenAI',
          description: `model = "${publication.agentId}". stream: true responde con fragmentos chat.completion.chunk y data: [DONE]. Si el agente tiene documentos, la respuesta lleva además sources (un campo propio, no de OpenAI): en streaming, el fragmento con finish_reason.`,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['model', 'messages'],
                  properties: {
                    model: { type: 'string', enum: [publication.agentId] },
                    messages: { type: 'array', items: { type: 'object', properties: { role: { type: 'string' }, content: { type: 'string' } } } },
                    stream: { type: 'boolean' },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'chat.completion (o chat.completion.chunk en streaming)',
              headers: rateHeaders,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      id: { type: 'string' },
                      object: { type: 'string', enum: ['chat.completion'] },
                      created: { type: 'integer' },
                      model: { type: 'string' },
                      choices: {
                        type: 'array',
                        items: {
                          type: 'object',
                          properties: {
                            index: { type: 'integer' },
                            message: { type: 'object', properties: { role: { type: 'string', enum: ['assistant'] }, content: { type: 'string' } } },
                            finish_reason: { type: 'string' },
                          },
                        },
                      },
                      usage: { type: 'object', properties: { prompt_tokens: { type: 'integer' }, completion_tokens: { type: 'integer' }, total_tokens: { type: 'integer' } } },
                      sources,
                    },
                  },
                },
                'text/event-stream': { schema: { type: 'string', description: 'data: {chat.completion.chunk}; el que lleva finish_reason lleva también sources' } },
              },
            },
            ...errors,
          },
        },
      },
      [endpoints.models]: { get: { operationId: 'listModels', summary: 'Los agentes que la clave puede usar', responses: { '200': { description: 'list' }, '401': errors['401'] } } },
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer nova_sk_…' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: {
        Error: { type: 'object', properties: { statusCode: { type: 'integer' }, message: { type: 'string' }, error: { type: 'string' } } },
        Sources: {
          type: 'array',
          description: 'Si el agente tiene documentos: los fragmentos que recibió para responder, con su documento y página',
          items: {
            type: 'object',
            required: ['documentId', 'documentName', 'page', 'snippet'],
            properties: {
              documentId: { type: 'string' },
              documentName: { type: 'string' },
              page: { type: ['integer', 'null'] },
              snippet: { type: 'string', description: 'El fragmento, recortado a unos 300 caracteres' },
            },
          },
        },
      },
    },
  };
}
