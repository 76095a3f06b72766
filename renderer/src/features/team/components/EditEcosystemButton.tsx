import { Alert, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { components } from '../../../shared/api';
import { useFormLimits } from '../../../shared/config';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { useUpdateEcosystem } from '../api/teamQueries';
import { teamStrings } from '../strings';
import { ecosystemCardRules, EcosystemNameFields, EcosystemSaleFields, type EcosystemCardValues } from './EcosystemFields';

const strings = teamStrings.editEcosystem;

type Ecosystem = Pick<components['schemas']['EcosystemDto'], 'id' | 'name' | 'description' | 'price' | 'discount' | 'isPublic'>;

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
  const form = useForm<EcosystemCardValues>({
    initialValues: {
      name: ecosystem.name,
      description: ecosystem.description,
      price: ecosystem.price,
      discount: ecosystem.discount,
      isPublic: ecosystem.isPublic,
    },
    validate: ecosystemCardRules(limits),
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
        <EcosystemNameFields form={form} limits={limits} />
        <EcosystemSaleFields form={form} limits={limits} priceHint={strings.priceHint} />
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
