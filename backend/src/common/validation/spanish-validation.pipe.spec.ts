import 'reflect-metadata';
import { type ArgumentMetadata, BadRequestException } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { SpanishValidationPipe } from './spanish-validation.pipe';

class ProbeQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page debe ser un número entero' })
  @Min(1, { message: 'page debe ser mayor o igual que 1' })
  page?: number;

  @IsOptional()
  @IsString({ message: 'sortBy debe ser un texto' })
  sortBy?: string;

  @IsOptional()
  @IsString({ each: true })
  tags?: string[];
}

const asQuery: ArgumentMetadata = { type: 'query', metatype: ProbeQueryDto };

describe('SpanishValidationPipe on query strings', () => {
  const pipe = () => new SpanishValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true });

  it('validates a query string once and gives each request its own copy of the result', async () => {
    const validation = pipe();
    const validate = jest.spyOn(validation as unknown as { validate: () => unknown }, 'validate');
    const first = (await validation.transform({ page: '2', sortBy: 'rating' }, asQuery)) as ProbeQueryDto;
    first.page = 99;
    const second = (await validation.transform({ page: '2', sortBy: 'rating' }, asQuery)) as ProbeQueryDto;
    const third = await validation.transform({ page: '2', sortBy: 'rating' }, asQuery);

    expect(second).toEqual({ page: 2, sortBy: 'rating' });
    expect(second).toBeInstanceOf(ProbeQueryDto);
    expect(third).not.toBe(second);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('refuses an invalid query string every time it comes', async () => {
    const validation = pipe();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await validation.transform({ page: '0' }, asQuery).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BadRequestException);
      expect((refused as BadRequestException).getResponse()).toMatchObject({ message: ['page debe ser mayor o igual que 1'] });
    }
  });

  it('does not share lists between requests', async () => {
    const validation = pipe();
    const first = (await validation.transform({ tags: ['pyme', 'startup'] }, asQuery)) as ProbeQueryDto;
    first.tags!.push('cambiado');
    expect(await validation.transform({ tags: ['pyme', 'startup'] }, asQuery)).toEqual({ tags: ['pyme', 'startup'] });
  });

  it("keeps each pipe's results apart: one that hands back plain objects is not handed another's DTO", async () => {
    expect(await pipe().transform({ page: '3' }, asQuery)).toBeInstanceOf(ProbeQueryDto);
    const plain = new SpanishValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: false });
    expect(await plain.transform({ page: '3' }, asQuery)).not.toBeInstanceOf(ProbeQueryDto);
  });

  it('refuses unknown properties before anything else', async () => {
    const refused = await pipe().transform({ page: '1', hack: 'x' }, asQuery).catch((error: unknown) => error);
    expect((refused as BadRequestException).getResponse()).toMatchObject({ message: ['la propiedad hack no está permitida'] });
  });
});
