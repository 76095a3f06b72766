import { Alert, NumberInput, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { components } from '../../../shared/api';
import { useFormLimits, type FieldBounds } from '../../../shared/config';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { useUpdateEcosystem } from '../api/teamQueries';
import { teamStrings } from '../strings';

const strings = teamStrings.editEcosystem;

type Ecosystem = Pick<components['schemas']['EcosystemDto'], 'id' | 'name' | 'description' | 'price' | 'discount' | 'isPublic'>;

interface EcosystemForm {
  name: string;
  description: string;
  price: number;
  discount: number;
  isPublic: boolean;
}

const within = (bounds: FieldBounds | undefined, value: number) =>
  bounds && (value < bounds.min || value > bounds.max) ? strings.between(bounds.min, bounds.max) : null;

/** 'Editar ecosistema' in 'Mi Oficina', for its owner or an admin: its name, description, price and visibility. */
export function EditEcosystemButton({ ecosystem }: { ecosystem: Ecosystem }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <AppButton size="sm" variant="outline" onClick={() => setOpened(true)}>
        {strings.button}
      </AppButton>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={strings.title}>
        {opened ? <EditEcosystemForm ecosystem={ecosystem} onDone={() => setOpened(false)} /> : null}
      </AppModal>
    </>
  );
}

function EditEcosystemForm({ ecosystem, onDone }: { ecosystem: Ecosystem; onDone(): void }) {
  const limits = useFormLimits()?.ecosystem;
  const update = useUpdateEcosystem();
  const toast = useToast();
  const form = useForm<EcosystemForm>({
    initialValues: {
      name: ecosystem.name,
      description: ecosystem.description,
      price: ecosystem.price,
      discount: ecosystem.discount,
      isPublic: ecosystem.isPublic,
    },
    validate: {
      name: (value) => {
        if (value.trim() === '') return strings.required;
        return limits && value.trim().length > limits.name.max ? strings.tooLong(limits.name.max) : null;
      },
      description: (value) => (limits && value.trim().length > limits.description.max ? strings.tooLong(limits.description.max) : null),
      price: (value) => within(limits?.price, value),
      discount: (value) => within(limits?.discount, value),
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      { id: ecosystem.id, changes: { ...values, name: values.name.trim(), description: values.description.trim() } },
      {
        onSuccess: () => {
          toast.success(strings.saved);
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={strings.name} required maxLength={limits?.name.max} {...form.getInputProps('name')} />
        <Textarea label={strings.description} autosize minRows={3} maxLength={limits?.description.max} {...form.getInputProps('description')} />
        <NumberInput label={strings.price} description={strings.priceHint} min={limits?.price.min} decimalScale={2} decimalSeparator="," {...form.getInputProps('price')} />
        <NumberInput label={strings.discount} min={limits?.discount.min} max={limits?.discount.max} decimalScale={2} decimalSeparator="," {...form.getInputProps('discount')} />
        <Switch label={strings.isPublic} {...form.getInputProps('isPublic', { type: 'checkbox' })} />
        {update.isError ? (
          <Alert color="red" variant="light" role="alert">
            {update.error.message}
          </Alert>
        ) : null}
        <AppButton type="submit" loading={update.isPending}>
          {strings.save}
        </AppButton>
      </Stack>
    </form>
  );
}
