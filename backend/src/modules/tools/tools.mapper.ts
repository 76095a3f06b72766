import type { ToolSourceDto } from './dto/tools.dto';
import type { ToolSource } from './entities/tool-source.entity';

/** The credential itself never leaves: only '••••' and its last four characters. */
export function toToolSourceDto(source: ToolSource): ToolSourceDto {
  return {
    id: source.id,
    type: source.type,
    name: source.name,
    status: source.status,
    error: source.error,
    url: source.url,
    baseUrl: source.baseUrl,
    auth: {
      type: source.authType,
      headerName: source.authType === 'header' ? source.authHeaderName : null,
      value: source.authType !== 'none' && source.authSecret ? `••••${source.authHint ?? ''}` : null,
    },
    tools: source.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema,
      enabled: tool.enabled,
      requiresConfirmation: tool.requiresConfirmation,
    })),
    createdAt: new Date(source.createdAt).toISOString(),
    updatedAt: new Date(source.updatedAt).toISOString(),
  };
}
