import { ApiProperty } from '@nestjs/swagger';
import type { KnowledgeSource } from '../knowledge-sources';

/** A passage of the agent's documents that an answer was given (issue 32): what a buyer sees, never the file. */
export class KnowledgeSourceDto implements KnowledgeSource {
  @ApiProperty({ format: 'uuid' }) documentId: string;
  @ApiProperty({ description: 'El nombre del documento' }) documentName: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Página (1 la primera) en formatos con páginas; null en los demás' }) page: number | null;
  @ApiProperty({ description: 'El fragmento, recortado a unos 300 caracteres' }) snippet: string;
}
