import { Expose, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';

const emptyAsUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const URL_OPTIONS = { require_tld: false, require_protocol: true };

/**
 * Every environment variable the backend reads, with its default. The README's configuration
 * table mirrors this class.
 */
export class EnvironmentVariables {
  @Expose()
  @Transform(({ value }) => (value === undefined || value === '' ? 3000 : Number(value)))
  @IsInt({ message: 'debe ser un número de puerto entero' })
  @Min(1, { message: 'debe estar entre 1 y 65535' })
  @Max(65535, { message: 'debe estar entre 1 y 65535' })
  PORT: number;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  HOST?: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'Nova'))
  @IsString()
  @MinLength(1)
  PRODUCT_NAME: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value : 'data'))
  @IsString()
  DATA_DIR: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  SQLITE_PATH?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'debe ser una URL postgres:// o postgresql://' })
  DATABASE_URL?: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'public'))
  @Matches(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'debe ser un nombre de esquema de PostgreSQL válido' })
  DATABASE_SCHEMA: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'info'))
  @IsIn(['debug', 'info', 'warn', 'error'], { message: 'debe ser debug, info, warn o error' })
  LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error';

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  CLIENT_API_KEY?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  TRACKING_SCRIPTS?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  FEATURE_FLAGS?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  RENDERER_DIR?: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'us-east-1'))
  @Matches(/^[a-z]{2}(-[a-z]+)+-\d$/, { message: 'debe ser una región de AWS, por ejemplo us-east-1' })
  AWS_REGION: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[\w-]+_[0-9a-zA-Z]+$/, { message: 'debe tener la forma región_id, por ejemplo us-east-1_AbC123' })
  COGNITO_USER_POOL_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[\w+]+$/, { message: 'debe ser un id de cliente de Cognito' })
  COGNITO_CLIENT_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s), por ejemplo https://nova.example' })
  PUBLIC_URL?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  ADMIN_EMAILS?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[a-z]{2}(-[a-z]+)+-\d_[0-9a-zA-Z]+$/, { message: 'debe tener la forma región_id, por ejemplo us-east-1_Nova' })
  IDENTITY_POOL_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[\w+]{1,128}$/, { message: 'debe ser un id de cliente (letras, números, _ o +)' })
  IDENTITY_CLIENT_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_\w+$/, { message: 'debe ser una clave secreta de Stripe (sk_test_… o sk_live_…)' })
  STRIPE_SECRET_KEY?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^pk_(test|live)_\w+$/, { message: 'debe ser una clave publicable de Stripe (pk_test_… o pk_live_…)' })
  STRIPE_PUBLISHABLE_KEY?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  BEDROCK_AGENT_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  BEDROCK_AGENT_ALIAS_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  BEDROCK_MODEL_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s)' })
  OPENAI_BASE_URL?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'debe ser una URL smtp:// o smtps://' })
  SMTP_URL?: string;
}
