import { Controller, Get, Module, Query, type Type } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Type as ToType } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { Public } from '../../common/auth/auth.decorators';

const MAX_BYTES = 1024 * 1024;

class ConstantQueryDto {
  @ToType(() => Number)
  @IsInt({ message: 'bytes debe ser un número entero' })
  @Min(2, { message: `bytes debe estar entre 2 y ${MAX_BYTES}` })
  @Max(MAX_BYTES, { message: `bytes debe estar entre 2 y ${MAX_BYTES}` })
  bytes: number;
}

/**
 * A JSON object of about `bytes` bytes once serialised, shaped like a listing page (objects with
 * short and long strings, numbers, booleans and arrays) so that serialising it costs about what
 * serialising a real page does.
 */
export function constantBody(bytes: number): object {
  const items: object[] = [];
  const body = { items, total: 0, page: 1, limit: 0 };
  let size = byteLength(body);
  for (let index = 0; size < bytes; index += 1) {
    const item = {
      id: `bench-${index}`,
      name: `Elemento de referencia ${index}`,
      category: 'referencia',
      description: 'Texto fijo que ocupa lo que ocupa una descripción corta de un agente del marketplace.',
      skills: ['uno', 'dos', 'tres'],
      price: index % 1000,
      rating: 4.5,
      popularity: index,
      isPublic: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const itemSize = byteLength(item) + (items.length > 0 ? 1 : 0);
    if (size + itemSize > bytes) break;
    items.push(item);
    size += itemSize;
  }
  // Room for the digits of total and limit; padding then brings it to the exact size.
  if (items.length > 0 && size + 6 > bytes) items.pop();
  body.total = items.length;
  body.limit = items.length;
  const padding = bytes - byteLength(body) - ',"padding":""'.length;
  return padding >= 0 ? { ...body, padding: 'x'.repeat(padding) } : body;
}

const byteLength = (value: object) => Buffer.byteLength(JSON.stringify(value));

/** Only with BENCH_ROUTES=1: the framework's floor, a route that touches no database. */
@ApiExcludeController()
@Controller('bench')
class BenchController {
  private readonly bodies = new Map<number, object>();

  @Get('constant')
  @Public()
  constant(@Query() query: ConstantQueryDto): object {
    let body = this.bodies.get(query.bytes);
    if (!body) {
      if (this.bodies.size >= 16) this.bodies.clear();
      body = constantBody(query.bytes);
      this.bodies.set(query.bytes, body);
    }
    return body;
  }
}

@Module({ controllers: [BenchController] })
export class BenchModule {}

/** The benchmark's modules: none unless BENCH_ROUTES=1, so that they never exist in production. */
export function benchModules(env: NodeJS.ProcessEnv = process.env): Type[] {
  return env.BENCH_ROUTES === '1' ? [BenchModule] : [];
}
