import { ApiProperty } from '@nestjs/swagger';

class DatabaseHealthDto {
  @ApiProperty({ enum: ['sqlite', 'postgres'] }) type: 'sqlite' | 'postgres';
  @ApiProperty() reachable: boolean;
}

class ModelProvidersDto {
  @ApiProperty({ enum: ['none', 'bedrock', 'openai-compatible'], description: 'Proveedor elegido con MODEL_PROVIDER' })
  provider: 'none' | 'bedrock' | 'openai-compatible';
  @ApiProperty({ description: 'Amazon Bedrock Agent Runtime (asistente principal)' }) bedrockAgent: boolean;
  @ApiProperty({ description: 'Amazon Bedrock Agent Runtime (Seshat)' }) bedrockChatbotAgent: boolean;
  @ApiProperty({ description: 'Amazon Bedrock Runtime (chats con agentes)' }) bedrockRuntime: boolean;
  @ApiProperty({ description: 'Servidor compatible con OpenAI (Ollama, vLLM, LM Studio)' }) openAiCompatible: boolean;
}

class ProvidersDto {
  @ApiProperty({ enum: ['embedded', 'cognito'] }) identity: 'embedded' | 'cognito';
  @ApiProperty({ enum: ['demo', 'stripe'] }) payments: 'demo' | 'stripe';
  @ApiProperty({ enum: ['outbox', 'smtp'] }) mail: 'outbox' | 'smtp';
  @ApiProperty({
    enum: ['online', 'offline'],
    description: 'online: Seshat responde con un modelo; offline: responde con los artículos del centro de soporte',
  })
  assistant: 'online' | 'offline';
  @ApiProperty({ type: ModelProvidersDto }) models: ModelProvidersDto;
}

export class HealthDto {
  @ApiProperty({ enum: ['ok', 'error'] }) status: 'ok' | 'error';
  @ApiProperty({ example: '0.1.0' }) version: string;
  @ApiProperty({ type: DatabaseHealthDto }) database: DatabaseHealthDto;
  @ApiProperty({ type: ProvidersDto }) providers: ProvidersDto;
}

export class LivenessDto {
  @ApiProperty({ enum: ['ok'], description: 'El proceso responde' }) status: 'ok';
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ok', 'error'], description: 'ok: la instancia puede recibir tráfico' }) status: 'ok' | 'error';
  @ApiProperty({ description: 'La base de datos responde' }) database: boolean;
  @ApiProperty({ description: 'Todas las migraciones del esquema están aplicadas' }) migrations: boolean;
  @ApiProperty({ enum: ['ok', 'error', 'none'], description: 'Redis responde (none: sin REDIS_URL)' }) redis: 'ok' | 'error' | 'none';
  @ApiProperty({ description: 'La instancia ha empezado a cerrarse (SIGTERM)' }) shuttingDown: boolean;
}
