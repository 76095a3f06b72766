import { NumberInput, Switch, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FieldBounds, FormLimits } from '../../../shared/config';
import { teamStrings } from '../strings';

const strings = teamStrings.editEcosystem;

/** What both ecosystem forms ('Crear ecosistema', 'Editar ecosistema') ask for its card and its sale. */
export interface EcosystemCardValues {
  name: string;
  description: string;
  price: number;
  discount: number;
  isPublic: boolean;
}

type EcosystemLimits = FormLimits['ecosystem'] | undefined;

const within = (bounds: FieldBounds | undefined, value: number) =>
  bounds && (value < bounds.min || value > bounds.max) ? strings.between(bounds.min, bounds.max) : null;

/** The rules of those fields, with the server's bounds (none until the configuration arrives). */
export function ecosystemCardRules(limits: EcosystemLimits) {
  return {
    name: (value: string) => {
      if (value.trim() === '') return strings.required;
      return limits && value.trim().length > limits.name.max ? strings.tooLong(limits.name.max) : null;
    },
    description: (value: string) => (limits && value.trim().length > limits.description.max ? strings.tooLong(limits.description.max) : null),
    price: (value: number) => within(limits?.price, value),
    discount: (value: number) => within(limits?.discount, value),
  };
}

/** Name and description: the top of both forms. */
export function EcosystemNameFields<T extends EcosystemCardValues>({ form, limits }: { form: UseFormReturnType<T>; limits: EcosystemLimits }) {
  return (
    <>
      <TextInput label={strings.name} required maxLength={limits?.name.max} {...form.getInputProps('name')} />
      <Textarea label={strings.description} autosize minRows={2} maxLength={limits?.description.max} {...form.getInputProps('description')} />
    </>
  );
}

/** Price (with the form's own hint), discount and 'Público en el marketplace'. */
export function EcosystemSaleFields<T extends EcosystemCardValues>({ form, limits, priceHint }: { form: UseFormReturnType<T>; limits: EcosystemLimits; priceHint: string }) {
  return (
    <>
      <NumberInput label={strings.price} description={priceHint} min={limits?.price.min} decimalScale={2} decimalSeparator="," {...form.getInputProps('price')} />
      <NumberInput label={strings.discount} min={limits?.discount.min} max={limits?.discount.max} decimalScale={2} decimalSeparator="," {...form.getInputProps('discount')} />
      <Switch label={strings.isPublic} {...form.getInputProps('isPublic', { type: 'checkbox' })} />
    </>
  );
}
