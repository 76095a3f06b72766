import { Alert, Checkbox, NumberInput, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFormLimits, type FieldBounds } from '../../../shared/config';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { useCreateEcosystem, type UserAgent } from '../api/teamQueries';
import { teamOwnerAtom } from '../state/teamAtoms';
import { teamStrings } from '../strings';

const strings = teamStrings.createEcosystem;
const editStrings = teamStrings.editEcosystem;

interface NewEcosystemForm {
  name: string;
  description: string;
  agentIds: string[];
  price: number;
  discount: number;
  isPublic: boolean;
}

const within = (bounds: FieldBounds | undefined, value: number) =>
  bounds && (value < bounds.min || value > bounds.max) ? editStrings.between(bounds.min, bounds.max) : null;

/**
 * 'Crear ecosistema' in 'Mi Oficina': a name, the team's agents it groups, and, to sell it, a
 * monthly price and 'Público en el marketplace'. Once created it is in the team and its page opens,
 * where 'Editar ecosistema' changes it later.
 */
export function CreateEcosystemButton({ agents }: { agents: UserAgent[] }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <AppButton size="sm" variant="outline" onClick={() => setOpened(true)}>
        {strings.button}
      </AppButton>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={strings.title}>
        {opened ? <CreateEcosystemForm agents={agents} /> : null}
      </AppModal>
    </>
  );
}

function CreateEcosystemForm({ agents }: { agents: UserAgent[] }) {
  const owner = useAtomValue(teamOwnerAtom);
  const limits = useFormLimits()?.ecosystem;
  const create = useCreateEcosystem();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm<NewEcosystemForm>({
    initialValues: { name: '', description: '', agentIds: [], price: 0, discount: 0, isPublic: false },
    validate: {
      name: (value) => {
        if (value.trim() === '') return editStrings.required;
        return limits && value.trim().length > limits.name.max ? editStrings.tooLong(limits.name.max) : null;
      },
      description: (value) => (limits && value.trim().length > limits.description.max ? editStrings.tooLong(limits.description.max) : null),
      agentIds: (value) => (value.length === 0 ? strings.noAgentChosen : null),
      price: (value) => within(limits?.price, value),
      discount: (value) => within(limits?.discount, value),
    },
  });

  if (agents.length === 0) return <Text>{strings.emptyTeam}</Text>;

  const submit = form.onSubmit((values) => {
    if (owner.status !== 'user') return;
    create.mutate(
      { userId: owner.userId, ecosystem: { ...values, name: values.name.trim(), description: values.description.trim() } },
      {
        onSuccess: (created) => {
          toast.success(strings.created);
          navigate(`/my-office/ecosystem/${encodeURIComponent(created.id)}`);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={editStrings.name} required maxLength={limits?.name.max} {...form.getInputProps('name')} />
        <Textarea label={editStrings.description} autosize minRows={2} maxLength={limits?.description.max} {...form.getInputProps('description')} />
        <Checkbox.Group label={strings.agents} required {...form.getInputProps('agentIds')}>
          <Stack gap={6} mt={6}>
            {agents.map((agent) => (
              <Checkbox key={agent.agentId} value={agent.agentId} label={agent.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput label={editStrings.price} description={strings.priceHint} min={limits?.price.min} decimalScale={2} decimalSeparator="," {...form.getInputProps('price')} />
        <NumberInput label={editStrings.discount} min={limits?.discount.min} max={limits?.discount.max} decimalScale={2} decimalSeparator="," {...form.getInputProps('discount')} />
        <Switch label={editStrings.isPublic} {...form.getInputProps('isPublic', { type: 'checkbox' })} />
        {create.isError ? (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
        <AppButton type="submit" loading={create.isPending}>
          {strings.submit}
        </AppButton>
      </Stack>
    </form>
  );
}
