import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * A number with at most `places` decimals. Replaces IsNumber's own maxDecimalPlaces, which throws
 * a TypeError (a 500) on a number written with an exponent, such as 1e-7. A value that is not a
 * number passes: IsNumber reports it.
 */
export function MaxDecimalPlaces(places: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxDecimalPlaces',
      validator: {
        validate: (value: unknown) => typeof value !== 'number' || !Number.isFinite(value) || Number(value.toFixed(places)) === value,
      },
    },
    options,
  );
}
